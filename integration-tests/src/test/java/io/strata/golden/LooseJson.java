package io.strata.golden;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.paimon.Snapshot;
import org.apache.paimon.schema.TableSchema;
import org.apache.paimon.tag.Tag;
import org.apache.paimon.types.DataField;
import org.apache.paimon.types.DataTypes;
import org.apache.paimon.utils.JsonSerdeUtil;

/**
 * {@code json/}: schema, snapshot and tag JSON that no golden table holds (edge cases, every
 * optional key, tag retention forms), serialized by Paimon's own classes from values built here.
 */
final class LooseJson {

  private LooseJson() {}

  static void write(Snapshot seed004Snapshot1, Path dir) throws IOException {
    Files.createDirectories(dir);
    Files.writeString(dir.resolve("schema-edge-cases.json"), JsonSerdeUtil.toJson(edgeSchema()));
    Files.writeString(dir.resolve("snapshot-all-fields.json"), allFields().toJson());
    Files.writeString(dir.resolve("snapshot-nulls.json"), nulls().toJson());
    // Retention durations and creation times whose JSON forms differ (Jackson shortens arrays).
    tag(
        dir,
        "2d",
        seed004Snapshot1,
        Duration.ofDays(2),
        LocalDateTime.of(2024, 1, 2, 3, 4, 5, 123456000));
    tag(dir, "1.5s", seed004Snapshot1, Duration.ofMillis(1500), LocalDateTime.of(2024, 1, 2, 3, 4));
    tag(dir, "zero", seed004Snapshot1, Duration.ZERO, LocalDateTime.of(2024, 12, 31, 23, 59, 7));
    tag(
        dir,
        "negative",
        seed004Snapshot1,
        Duration.ofSeconds(-1, 5),
        LocalDateTime.of(2024, 1, 2, 3, 4, 0, 1000000));
  }

  private static void tag(
      Path dir, String name, Snapshot snapshot, Duration retained, LocalDateTime created)
      throws IOException {
    Files.writeString(
        dir.resolve("tag-retained-" + name + ".json"),
        Tag.fromSnapshotAndTagTtl(snapshot, retained, created).toJson());
  }

  /** Rare types, NOT NULL nesting, descriptions, default values, escapes in a comment option. */
  private static TableSchema edgeSchema() {
    List<DataField> fields =
        List.of(
            new DataField(0, "t0", DataTypes.TIME(0), "a \"desc\" ü"),
            new DataField(1, "t3", DataTypes.TIME(3).notNull()),
            new DataField(2, "vb", DataTypes.VARBINARY(7)),
            new DataField(3, "b", DataTypes.BINARY(3).notNull()),
            new DataField(4, "c", DataTypes.CHAR(1)),
            new DataField(5, "ltz", DataTypes.TIMESTAMP_WITH_LOCAL_TIME_ZONE(3).notNull()),
            new DataField(6, "ts0", DataTypes.TIMESTAMP(0)),
            new DataField(7, "ts9", DataTypes.TIMESTAMP(9)),
            new DataField(8, "arr", DataTypes.ARRAY(DataTypes.INT().notNull()).notNull()),
            new DataField(
                9,
                "map",
                DataTypes.MAP(DataTypes.STRING().notNull(), DataTypes.ARRAY(DataTypes.DOUBLE()))
                    .notNull()),
            new DataField(
                10,
                "row",
                DataTypes.ROW(
                        new DataField(100, "x", DataTypes.INT(), "inner"),
                        new DataField(101, "y", DataTypes.BYTES()))
                    .notNull()),
            new DataField(11, "dv", DataTypes.INT(), null, "42"),
            new DataField(12, "dv2", DataTypes.INT(), "d", "42"));
    Map<String, String> options = new LinkedHashMap<>();
    options.put("bucket", "-1");
    options.put("k", "v\"/\\ü\u0001");
    return new TableSchema(3, 5, fields, 101, List.of(), List.of(), options, "a comment", 123);
  }

  /** Every key set, including the optional ones Paimon omits when null. */
  private static Snapshot allFields() {
    Map<Integer, Long> logOffsets = new TreeMap<>(Map.of(0, 5L, 3, 7L));
    return new Snapshot(
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
        Snapshot.CommitKind.OVERWRITE,
        7,
        logOffsets,
        1L,
        -2L,
        3L,
        Long.MIN_VALUE,
        "st",
        Map.of("a", "b"),
        4L);
  }

  /** Every nullable key null: some are written as JSON null, the rest omitted. */
  private static Snapshot nulls() {
    return new Snapshot(
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
        Snapshot.CommitKind.ANALYZE,
        7,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null);
  }
}
