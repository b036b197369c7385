package io.strata.golden;

import static io.strata.it.PaimonRows.arr;
import static io.strata.it.PaimonRows.dec;
import static io.strata.it.PaimonRows.map;
import static io.strata.it.PaimonRows.ntz;
import static io.strata.it.PaimonRows.row;
import static io.strata.it.PaimonRows.str;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import org.apache.paimon.data.GenericRow;
import org.apache.paimon.data.Timestamp;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.types.DataTypes;

/**
 * Append-only tables: every type, a fixed-bucket layout, ORC and Avro data files, and partition
 * expiration.
 */
final class AppendTables {

  private AppendTables() {}

  static void write(GoldenWarehouse w) throws Exception {
    allTypes(w);
    fixedBucket(w);
    otherFormat(w, "format_orc", "orc");
    otherFormat(w, "format_avro", "avro");
    partitionExpired(w);
  }

  /**
   * Every atomic type and ARRAY/MAP/ROW, partitioned by (p_str, p_int): a partition value with
   * characters that paths escape, an empty string and NULLs (both become the default partition).
   */
  private static void allTypes(GoldenWarehouse w) throws Exception {
    String name = "append_all_types";
    w.create(
        name,
        Schema.newBuilder()
            .column("c_bool", DataTypes.BOOLEAN())
            .column("c_tinyint", DataTypes.TINYINT())
            .column("c_smallint", DataTypes.SMALLINT())
            .column("c_int", DataTypes.INT())
            .column("c_bigint", DataTypes.BIGINT())
            .column("c_float", DataTypes.FLOAT())
            .column("c_double", DataTypes.DOUBLE())
            .column("c_dec10", DataTypes.DECIMAL(10, 2))
            .column("c_dec38", DataTypes.DECIMAL(38, 10))
            .column("c_string", DataTypes.STRING())
            .column("c_varchar", DataTypes.VARCHAR(20))
            .column("c_char", DataTypes.CHAR(5))
            .column("c_bytes", DataTypes.BYTES())
            .column("c_date", DataTypes.DATE())
            .column("c_ts3", DataTypes.TIMESTAMP(3))
            .column("c_ts6", DataTypes.TIMESTAMP(6))
            .column("c_ltz6", DataTypes.TIMESTAMP_WITH_LOCAL_TIME_ZONE(6))
            .column("c_array", DataTypes.ARRAY(DataTypes.INT()))
            .column("c_map", DataTypes.MAP(DataTypes.STRING(), DataTypes.BIGINT()))
            .column(
                "c_row",
                DataTypes.ROW(
                    DataTypes.FIELD(0, "a", DataTypes.INT()),
                    DataTypes.FIELD(1, "b", DataTypes.STRING())))
            .column("p_str", DataTypes.STRING())
            .column("p_int", DataTypes.INT())
            .partitionKeys("p_str", "p_int")
            .build());
    w.commit(name, List.of(typed(1, "a", 1), typed(2, "a", 1), typed(3, "b b/=%", 2)));
    w.commit(name, List.of(typed(4, "a", 2), typed(5, "", null), new GenericRow(22)));
  }

  /** Row {@code i} of append_all_types: every value derived from i so rows differ everywhere. */
  private static GenericRow typed(int i, String pStr, Integer pInt) {
    return row(
        i % 2 == 0,
        (byte) (i - 3),
        (short) (-32000 + 1000 * i),
        i * 100000 - 7,
        i * 3_000_000_000L - 1,
        1.5f * i,
        -2.25 * i,
        dec(i + ".25", 10, 2),
        dec("-12345678901234567890.0123456789", 38, 10),
        // One empty string: empty and NULL must stay apart.
        str(i == 3 ? "" : "string value number " + i + " ünïcødé"),
        str("vc" + i),
        str("ch" + i),
        new byte[] {(byte) i, (byte) 0xff, 0, 7},
        (int) LocalDate.of(1969 + i, 12, 31).toEpochDay(),
        ntz((1960 + 10 * i) + "-02-28T13:14:15.123"),
        ntz("2026-03-0" + (1 + i) + "T00:00:01.123456"),
        Timestamp.fromMicros(1_700_000_000_123_456L + 1000L * i),
        arr(i, null, -i),
        map("k" + i, (long) i),
        row(i, str("nested" + i)),
        str(pStr),
        pInt);
  }

  /** Bucket 4 on bucket-key id, partitioned by dt: 3 commits of 200 rows. */
  private static void fixedBucket(GoldenWarehouse w) throws Exception {
    String name = "append_fixed_bucket";
    w.create(
        name,
        Schema.newBuilder()
            .column("id", DataTypes.BIGINT())
            .column("name", DataTypes.STRING())
            .column("ts", DataTypes.TIMESTAMP(3))
            .column("dt", DataTypes.STRING())
            .partitionKeys("dt")
            .option("bucket", "4")
            .option("bucket-key", "id")
            .build());
    for (int commit = 0; commit < 3; commit++) {
      List<GenericRow> rows = new ArrayList<>();
      for (long id = commit * 200L; id < (commit + 1) * 200L; id++) {
        rows.add(
            row(
                id,
                str("name-" + id),
                Timestamp.fromEpochMillis((1_750_000_000L + id) * 1000),
                str(id % 2 == 0 ? "2026-01-01" : "2026-01-02")));
      }
      w.commit(name, rows);
    }
  }

  /** The same two rows (one with NULLs) in a non-Parquet data file format. */
  private static void otherFormat(GoldenWarehouse w, String name, String format) throws Exception {
    w.create(
        name,
        Schema.newBuilder()
            .column("id", DataTypes.BIGINT())
            .column("s", DataTypes.STRING())
            .column("d", DataTypes.DECIMAL(20, 4))
            .column("ts", DataTypes.TIMESTAMP(6))
            .column("dt", DataTypes.STRING())
            .partitionKeys("dt")
            .option("file.format", format)
            .build());
    w.commit(
        name,
        List.of(
            row(1L, str("one"), dec("1.2345", 20, 4), ntz("2026-01-01T12:34:56.789012"), str("x")),
            row(2L, null, null, null, str("y"))));
  }

  /**
   * Partition expiration checked on every commit: the commit's maintenance drops the two 2020
   * partitions in an OVERWRITE snapshot; a value the formatter cannot parse is kept.
   */
  private static void partitionExpired(GoldenWarehouse w) throws Exception {
    String name = "partition_expired";
    w.create(
        name,
        Schema.newBuilder()
            .column("id", DataTypes.BIGINT())
            .column("dt", DataTypes.STRING())
            .partitionKeys("dt")
            .option("partition.expiration-time", "1 d")
            .option("partition.expiration-check-interval", "0 s")
            .option("partition.timestamp-formatter", "yyyyMMdd")
            .build());
    w.commit(
        name,
        List.of(
            row(1L, str("20200101")),
            row(2L, str("20200102")),
            row(3L, str("20991231")),
            row(4L, str("not-a-date"))));
  }
}
