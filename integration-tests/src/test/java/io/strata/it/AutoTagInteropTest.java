package io.strata.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.core.catalog.Identifier;
import io.strata.core.catalog.WarehouseCatalog;
import io.strata.core.commit.FileStoreCommit;
import io.strata.core.io.HadoopFileIO;
import io.strata.core.schema.SchemaFactory;
import io.strata.core.snapshot.CommitKind;
import io.strata.core.table.FileStoreTable;
import io.strata.core.tag.AutoTags;
import io.strata.core.types.DataField;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import io.strata.core.write.TableWriter;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.paimon.tag.TagAutoCreation;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Automatic period tags: Strata's {@link AutoTags} and Apache Paimon 1.3.1's own {@code
 * TagAutoCreation}, each run after every commit of the very same snapshots (same commit times),
 * create the same tags on the same snapshots, for each period, formatter, delay, completion and
 * retention Paimon offers. A commit marked with {@code *} is followed by no run, as a write-only
 * writer's is.
 */
class AutoTagInteropTest {

  @TempDir Path warehouse;

  static List<Object[]> scenarios() {
    List<String> days =
        List.of(
            "2026-03-03T10:00:00Z",
            "2026-03-03T18:00:00Z",
            "*2026-03-04T01:00:00Z",
            "2026-03-04T02:00:00Z",
            "2026-03-06T01:00:00Z",
            "2026-03-06T05:00:00Z",
            "2026-03-06T06:00:00Z",
            "2026-03-09T23:59:59Z");
    List<String> hours =
        List.of(
            "2026-03-03T10:05:00Z",
            "2026-03-03T10:40:00Z",
            "2026-03-03T11:01:00Z",
            "*2026-03-03T11:31:00Z",
            "2026-03-03T13:10:00Z",
            "2026-03-03T16:20:00Z",
            "2026-03-03T16:55:00Z");
    return List.of(
        new Object[] {"daily", Map.of(), days},
        new Object[] {"daily, completion", Map.of("tag.automatic-completion", "true"), days},
        new Object[] {"daily, delay", Map.of("tag.creation-delay", "2 h"), days},
        new Object[] {
          "daily without dashes, at most 2",
          Map.of("tag.period-formatter", "without_dashes", "tag.num-retained-max", "2"),
          days
        },
        new Object[] {
          "hourly",
          Map.of("tag.creation-period", "hourly", "tag.period-formatter", "with_dashes"),
          hours
        },
        new Object[] {
          "hourly without dashes and spaces, completion",
          Map.of(
              "tag.creation-period", "hourly",
              "tag.period-formatter", "without_dashes_and_spaces",
              "tag.automatic-completion", "true"),
          hours
        },
        new Object[] {"two hours", Map.of("tag.creation-period", "two-hours"), hours},
        new Object[] {
          "30 minutes, delay",
          Map.of("tag.creation-period-duration", "30 min", "tag.creation-delay", "10 min"),
          hours
        });
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("scenarios")
  void strataAndPaimonTagTheSameSnapshots(
      String label, Map<String, String> scenarioOptions, List<String> commits) throws Exception {
    Map<String, String> options = new HashMap<>(scenarioOptions);
    options.put("tag.automatic-creation", "process-time");
    options.put("sink.process-time-zone", "UTC");
    WarehouseCatalog catalog =
        new WarehouseCatalog(
            HadoopFileIO.local(), new org.apache.hadoop.fs.Path(warehouse.toUri()));
    catalog.createDatabase("tags");
    FileStoreTable byStrata = create(catalog, "by_strata", options);
    FileStoreTable byPaimon = create(catalog, "by_paimon", options);

    try (PaimonOracle paimon = new PaimonOracle(warehouse)) {
      for (String commit : commits) {
        boolean runs = !commit.startsWith("*");
        Clock at = Clock.fixed(Instant.parse(commit.replace("*", "")), ZoneOffset.UTC);
        append(byStrata, at);
        append(byPaimon, at);
        if (runs) {
          new AutoTags(byStrata, at).run();
          org.apache.paimon.table.FileStoreTable p = paimon.table("tags", "by_paimon");
          TagAutoCreation.create(
                  p.coreOptions(),
                  p.snapshotManager(),
                  p.tagManager(),
                  p.store().newTagDeletion(),
                  List.of())
              .run();
        }
        assertThat(tags(byStrata)).as(label + ", after " + commit).isEqualTo(tags(byPaimon));
      }
    }
    assertThat(tags(byStrata)).as(label).isNotEmpty();
  }

  private static FileStoreTable create(
      WarehouseCatalog catalog, String name, Map<String, String> options) {
    return catalog.createTable(
        new Identifier("tags", name),
        SchemaFactory.create(
            new RowType(List.of(new DataField(0, "id", DataTypes.BIGINT()))),
            List.of(),
            List.of(),
            options,
            null,
            1L));
  }

  private static void append(FileStoreTable table, Clock at) {
    try (TableWriter writer = table.newWrite()) {
      writer.write(new Object[] {at.millis()});
      new FileStoreCommit(table, "test", at).commit(writer.prepareCommit(), CommitKind.APPEND);
    }
  }

  /** Tag name to the id of its snapshot. */
  private static Map<String, Long> tags(FileStoreTable table) {
    Map<String, Long> tags = new TreeMap<>();
    table.tagManager().tags().forEach((name, tag) -> tags.put(name, tag.snapshot().id()));
    return tags;
  }
}
