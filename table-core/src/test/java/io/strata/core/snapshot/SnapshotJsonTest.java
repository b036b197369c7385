package io.strata.core.snapshot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.core.GoldenFiles;
import io.strata.core.schema.SchemaJson;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class SnapshotJsonTest {

  /** A random UUID as Paimon puts it into file names and commit users. */
  private static final String UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";

  static Stream<Path> goldenSnapshotFiles() throws IOException {
    try (Stream<Path> files = Files.walk(GoldenFiles.goldenDir().resolve("warehouse"))) {
      List<Path> list =
          files
              .filter(p -> p.getParent().getFileName().toString().equals("snapshot"))
              .filter(p -> p.getFileName().toString().startsWith("snapshot-"))
              .sorted()
              .toList();
      assertThat(list).hasSizeGreaterThanOrEqualTo(45);
      return list.stream();
    }
  }

  @ParameterizedTest
  @MethodSource("goldenSnapshotFiles")
  void goldenSnapshotRoundTripsByteForByte(Path file) throws IOException {
    String json = Files.readString(file);
    Snapshot snapshot = SnapshotJson.fromJson(json);
    assertThat(snapshot.id())
        .isEqualTo(Long.parseLong(file.getFileName().toString().substring("snapshot-".length())));
    assertThat(SnapshotJson.toJson(snapshot)).isEqualTo(json);
    assertThat(SnapshotJson.fromJson(SnapshotJson.toJson(snapshot))).isEqualTo(snapshot);
  }

  @Test
  void ordersSeed004Snapshot1() throws IOException {
    Snapshot s =
        SnapshotJson.fromJson(
            Files.readString(
                GoldenFiles.goldenTable("orders_seed004").resolve("snapshot/snapshot-1")));
    assertThat(s.version()).isEqualTo(3);
    assertThat(s.id()).isEqualTo(1);
    assertThat(s.schemaId()).isZero();
    assertThat(s.commitKind()).isEqualTo(CommitKind.APPEND);
    assertThat(s.totalRecordCount()).isEqualTo(5);
    assertThat(s.deltaRecordCount()).isEqualTo(5);
    assertThat(s.changelogRecordCount()).isZero();
    assertThat(s.changelogManifestList()).isNull();
    assertThat(s.indexManifest()).isNull();
    assertThat(s.logOffsets()).isEmpty();
    assertThat(s.nextRowId()).isZero();
    assertThat(s.commitIdentifier()).isEqualTo(Snapshot.BATCH_COMMIT_IDENTIFIER);
    // File names and times differ per generation: check them against the files beside it.
    Path manifests = GoldenFiles.goldenTable("orders_seed004").resolve("manifest");
    assertThat(s.baseManifestList()).matches("manifest-list-" + UUID + "-0");
    assertThat(s.baseManifestListSize())
        .isEqualTo(884)
        .isEqualTo(Files.size(manifests.resolve(s.baseManifestList())));
    assertThat(s.deltaManifestList())
        .isEqualTo(s.baseManifestList().substring(0, s.baseManifestList().length() - 1) + "1");
    assertThat(s.deltaManifestListSize())
        .isEqualTo(Files.size(manifests.resolve(s.deltaManifestList())));
    assertThat(s.commitUser()).matches(UUID);
    assertThat(s.timeMillis())
        .isGreaterThanOrEqualTo(
            SchemaJson.fromJson(
                    Files.readString(
                        GoldenFiles.goldenTable("orders_seed004").resolve("schema/schema-0")))
                .timeMillis());
  }

  @Test
  void compactionHasNegativeDeltaAndIndexManifestIsKept() throws IOException {
    Path dv = GoldenFiles.goldenTable("pk_deletion_vectors").resolve("snapshot/snapshot-6");
    Snapshot s = SnapshotJson.fromJson(Files.readString(dv));
    assertThat(s.commitKind()).isEqualTo(CommitKind.COMPACT);
    assertThat(s.deltaRecordCount()).isEqualTo(-1);
    assertThat(s.indexManifest()).matches("index-manifest-" + UUID + "-0");
    // The compaction rewrote the deletion vectors: a new index manifest, on disk.
    assertThat(dv.getParent().getParent().resolve("manifest").resolve(s.indexManifest()))
        .isRegularFile();
    Snapshot before = SnapshotJson.fromJson(Files.readString(dv.resolveSibling("snapshot-5")));
    assertThat(before.indexManifest()).isNotNull().isNotEqualTo(s.indexManifest());
  }

  /** Paimon 1.3.1's output for a snapshot with every key set. */
  @Test
  void everyKeyInPaimonsOrder() throws IOException {
    String json = resource("snapshot-all-fields.json");
    Snapshot expected =
        new Snapshot(
            3,
            9,
            1,
            "b",
            10L,
            "d",
            11L,
            "c",
            12L,
            "i",
            "u",
            5,
            CommitKind.OVERWRITE,
            7,
            Map.of(0, 5L, 3, 7L),
            1L,
            -2L,
            3L,
            Long.MIN_VALUE,
            "st",
            Map.of("a", "b"),
            4L);
    assertThat(SnapshotJson.fromJson(json)).isEqualTo(expected);
    assertThat(SnapshotJson.toJson(SnapshotJson.fromJson(json))).isEqualTo(json);
  }

  /** Paimon 1.3.1 writes null record counts and changelog list as JSON null, omits the rest. */
  @Test
  void nullsAreWrittenOrOmittedLikePaimon() throws IOException {
    String json = resource("snapshot-nulls.json");
    Snapshot s =
        new Snapshot(
            3,
            9,
            1,
            "b",
            null,
            "d",
            null,
            null,
            null,
            null,
            "u",
            5,
            CommitKind.ANALYZE,
            7,
            null,
            null,
            null,
            null,
            null,
            null,
            null,
            null);
    assertThat(SnapshotJson.toJson(s)).isEqualTo(json);
    assertThat(SnapshotJson.fromJson(json)).isEqualTo(s);
  }

  @Test
  void ignoresUnknownKeysAndDefaultsVersion() {
    Snapshot s =
        SnapshotJson.fromJson(
            "{\"id\":1,\"schemaId\":0,\"baseManifestList\":\"b\",\"deltaManifestList\":\"d\","
                + "\"commitUser\":\"u\",\"commitIdentifier\":1,\"commitKind\":\"APPEND\","
                + "\"timeMillis\":1,\"someday\":[1,{\"x\":2}]}");
    assertThat(s.version()).isEqualTo(1);
    assertThat(s.logOffsets()).isNull();
    assertThatThrownBy(() -> SnapshotJson.fromJson("{\"id\":1,\"commitKind\":\"MERGE\"}"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("MERGE");
  }

  static String resource(String name) throws IOException {
    // Written by Paimon's serializers (scripts/golden), next to the golden tables.
    return Files.readString(GoldenFiles.resolve("json", name), StandardCharsets.UTF_8);
  }
}
