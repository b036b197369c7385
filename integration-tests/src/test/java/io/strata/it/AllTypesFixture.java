package io.strata.it;

import static io.strata.it.PaimonRows.arr;
import static io.strata.it.PaimonRows.date;
import static io.strata.it.PaimonRows.dec;
import static io.strata.it.PaimonRows.ltz;
import static io.strata.it.PaimonRows.map;
import static io.strata.it.PaimonRows.ntz;
import static io.strata.it.PaimonRows.row;
import static io.strata.it.PaimonRows.str;

import java.util.List;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.types.DataTypes;

/**
 * The tables with every type that {@link PaimonInteropTest} writes: through Spark SQL into Strata,
 * and through Paimon's Java API. Both are append tables partitioned by {@code (p_str, p_int)}.
 */
final class AllTypesFixture {

  private AllTypesFixture() {}

  /** Every atomic Spark type plus ARRAY, MAP, STRUCT and nesting of them. */
  static final String SQL_COLUMNS =
      "c_bool BOOLEAN, c_tinyint TINYINT, c_smallint SMALLINT, c_int INT, c_bigint BIGINT,"
          + " c_float FLOAT, c_double DOUBLE, c_dec10 DECIMAL(10,2), c_dec38 DECIMAL(38,10),"
          + " c_string STRING, c_binary BINARY, c_date DATE, c_ts TIMESTAMP,"
          + " c_ts_ntz TIMESTAMP_NTZ, c_array ARRAY<INT>, c_map MAP<STRING, BIGINT>,"
          + " c_struct STRUCT<x: INT, y: STRING, z: ARRAY<DOUBLE>>,"
          + " c_nested ARRAY<STRUCT<k: STRING, v: MAP<INT, TIMESTAMP_NTZ>>>,"
          + " p_str STRING, p_int INT";

  /**
   * Two INSERTs (two snapshots) of 5 and 3 rows: NULL in every column, NULL and '' partition
   * values, partition values with characters that paths escape, extreme and special values. The
   * minimum and maximum rows share a partition (one file), so file stats span a range.
   */
  static final List<String> SQL_INSERTS =
      List.of(
          "(NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,"
              + " NULL, NULL, NULL, NULL, NULL, NULL),"
              + " (true, 1Y, 2S, 3, 4L, 1.5F, 2.25D, 12345678.91BD,"
              + " CAST('-12345678901234567890.0123456789' AS DECIMAL(38,10)), 'ünïcødé 😀 text',"
              + " X'01FF0007', DATE '2024-02-29', TIMESTAMP '2024-01-02 03:04:05.123456',"
              + " TIMESTAMP_NTZ '2024-01-02 03:04:05.123456', array(1, NULL, -1),"
              + " map('k1', 1L, 'k2', NULL), named_struct('x', 1, 'y', 'nested', 'z',"
              + " array(1.5D, NULL)), array(named_struct('k', 'a', 'v', map(1,"
              + " TIMESTAMP_NTZ '2000-01-01 00:00:00', 2, NULL))), 'a', 1),"
              + " (false, CAST(-128 AS TINYINT), CAST(-32768 AS SMALLINT), -2147483648,"
              + " CAST('-9223372036854775808' AS BIGINT), CAST('-Infinity' AS FLOAT),"
              + " CAST('NaN' AS DOUBLE), -99999999.99BD,"
              + " CAST('-9999999999999999999999999999.9999999999' AS DECIMAL(38,10)), '', X'',"
              + " DATE '0001-01-01', TIMESTAMP '1900-01-01 00:00:00.000001',"
              + " TIMESTAMP_NTZ '0001-01-01 00:00:00', array(), map(),"
              + " named_struct('x', NULL, 'y', NULL, 'z', NULL), array(), 'a b/c=d%e', 2),"
              + " (true, CAST(127 AS TINYINT), CAST(32767 AS SMALLINT), 2147483647,"
              + " 9223372036854775807L, CAST('3.4028235E38' AS FLOAT), -0.0D, 99999999.99BD,"
              + " CAST('9999999999999999999999999999.9999999999' AS DECIMAL(38,10)),"
              + " 'tab\\tnew\\nline \\'quoted\\'', X'00', DATE '9999-12-31',"
              + " TIMESTAMP '9999-12-31 23:59:59.999999', TIMESTAMP_NTZ '1969-12-31 23:59:59.999999',"
              + " array(2147483647), map('', 0L), named_struct('x', -1, 'y', '', 'z', array()),"
              + " array(NULL), 'a b/c=d%e', 2),"
              + " (NULL, 0Y, 0S, 0, 0L, CAST('NaN' AS FLOAT), 1.0E-300D, 0.01BD,"
              + " CAST('0.0000000001' AS DECIMAL(38,10)),"
              + " 'empty partition value', X'FF', DATE '1970-01-01', TIMESTAMP '1970-01-01 00:00:00',"
              + " TIMESTAMP_NTZ '1970-01-01 00:00:00', NULL, NULL, NULL, NULL, '', 3)",
          "(true, 5Y, 6S, 7, 8L, 0.1F, 0.1D, 1.10BD, 1.1BD, 'second commit', X'CAFE',"
              + " DATE '2026-09-24', TIMESTAMP '2026-09-24 12:00:00.5', TIMESTAMP_NTZ"
              + " '2026-09-24 12:00:00.5', array(NULL), map('z', -1L),"
              + " named_struct('x', 2, 'y', 'z', 'z', array(-0.5D)), array(named_struct('k', NULL,"
              + " 'v', NULL)), 'a', 1),"
              + " (false, 9Y, 9S, 9, 9L, 9.5F, 9.5D, 9.99BD, 9.9999999999BD, 'p_str NULL only',"
              + " NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 4),"
              + " (NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 'colon, unicode', NULL,"
              + " NULL, NULL, NULL, NULL, NULL, NULL, NULL, 'ü:ñ=?#*[x]{y}^\\\\', NULL)");

  /**
   * Paimon's side: every atomic Paimon type with a Spark equivalent (CHAR, VARCHAR, BINARY(n) and
   * TIMESTAMP precisions 3, 6 and 9 included), ARRAY, MAP, ROW and nesting.
   */
  static Schema paimonSchema() {
    return Schema.newBuilder()
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
        .column("c_binary4", DataTypes.BINARY(4))
        .column("c_date", DataTypes.DATE())
        .column("c_ts3", DataTypes.TIMESTAMP(3))
        .column("c_ts6", DataTypes.TIMESTAMP(6))
        .column("c_ts9", DataTypes.TIMESTAMP(9))
        .column("c_ltz3", DataTypes.TIMESTAMP_WITH_LOCAL_TIME_ZONE(3))
        .column("c_ltz6", DataTypes.TIMESTAMP_WITH_LOCAL_TIME_ZONE(6))
        .column("c_array", DataTypes.ARRAY(DataTypes.INT()))
        .column("c_map", DataTypes.MAP(DataTypes.STRING(), DataTypes.BIGINT()))
        .column(
            "c_row",
            DataTypes.ROW(
                DataTypes.FIELD(0, "x", DataTypes.INT()),
                DataTypes.FIELD(1, "y", DataTypes.STRING()),
                DataTypes.FIELD(2, "z", DataTypes.ARRAY(DataTypes.DOUBLE()))))
        .column(
            "c_nested",
            DataTypes.ARRAY(
                DataTypes.ROW(
                    DataTypes.FIELD(0, "k", DataTypes.STRING()),
                    DataTypes.FIELD(
                        1, "v", DataTypes.MAP(DataTypes.INT(), DataTypes.TIMESTAMP(6))))))
        .column("p_str", DataTypes.STRING())
        .column("p_int", DataTypes.INT())
        .partitionKeys("p_str", "p_int")
        .build();
  }

  /**
   * Two commits of 5 and 2 rows, with the same kinds of values as {@link #SQL_INSERTS} (minimum and
   * maximum rows again in one file). TIMESTAMP(9) values carry whole microseconds only: Spark has
   * no finer timestamps.
   */
  static List<List<InternalRow>> paimonCommits() {
    return List.of(
        List.of(
            row(new Object[26]),
            row(
                true,
                (byte) 1,
                (short) 2,
                3,
                4L,
                1.5f,
                2.25d,
                dec("12345678.91", 10, 2),
                dec("-12345678901234567890.0123456789", 38, 10),
                str("ünïcødé 😀 text"),
                str("varchar"),
                str("ch"),
                new byte[] {1, (byte) 0xff, 0, 7},
                new byte[] {1, 2, 3, 4},
                date("2024-02-29"),
                ntz("2024-01-02T03:04:05.123"),
                ntz("2024-01-02T03:04:05.123456"),
                ntz("2024-01-02T03:04:05.123456"),
                ltz("2024-01-02T03:04:05.123Z"),
                ltz("2024-01-02T03:04:05.123456Z"),
                arr(1, null, -1),
                map("k1", 1L, "k2", null),
                row(1, str("nested"), arr(1.5d, null)),
                arr(row(str("a"), map(1, ntz("2000-01-01T00:00:00"), 2, null))),
                str("a"),
                1),
            row(
                false,
                Byte.MIN_VALUE,
                Short.MIN_VALUE,
                Integer.MIN_VALUE,
                Long.MIN_VALUE,
                Float.NEGATIVE_INFINITY,
                Double.NaN,
                dec("-99999999.99", 10, 2),
                dec("-9999999999999999999999999999.9999999999", 38, 10),
                str(""),
                str(""),
                str(""),
                new byte[0],
                new byte[] {0, 0, 0, 0},
                date("0001-01-01"),
                ntz("1900-01-01T00:00:00.001"),
                ntz("1900-01-01T00:00:00.000001"),
                ntz("0001-01-01T00:00:00"),
                ltz("1969-12-31T23:59:59.999Z"),
                ltz("1900-01-01T00:00:00.000001Z"),
                arr(),
                map(),
                row(null, null, null),
                arr(),
                str("a b/c=d%e"),
                2),
            row(
                true,
                Byte.MAX_VALUE,
                Short.MAX_VALUE,
                Integer.MAX_VALUE,
                Long.MAX_VALUE,
                Float.MAX_VALUE,
                -0.0d,
                dec("99999999.99", 10, 2),
                dec("9999999999999999999999999999.9999999999", 38, 10),
                str("tab\tnew\nline 'quoted'"),
                str("12345678901234567890"),
                str("abcde"),
                new byte[] {0},
                new byte[] {(byte) 0xff, 0, (byte) 0xff, 0},
                date("9999-12-31"),
                ntz("9999-12-31T23:59:59.999"),
                ntz("9999-12-31T23:59:59.999999"),
                ntz("1969-12-31T23:59:59.999999"),
                ltz("9999-12-31T23:59:59.999Z"),
                ltz("9999-12-31T23:59:59.999999Z"),
                arr(Integer.MAX_VALUE),
                map("", 0L),
                row(-1, str(""), arr()),
                arr((Object) null),
                str("a b/c=d%e"),
                2),
            row(
                null,
                (byte) 0,
                (short) 0,
                0,
                0L,
                Float.NaN,
                1.0e-300d,
                dec("0.01", 10, 2),
                dec("0.0000000001", 38, 10),
                str("empty partition value"),
                null,
                null,
                null,
                null,
                date("1970-01-01"),
                ntz("1970-01-01T00:00:00"),
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                str(""),
                3)),
        List.of(
            row(
                true,
                (byte) 5,
                (short) 6,
                7,
                8L,
                0.1f,
                0.1d,
                dec("1.10", 10, 2),
                dec("1.1", 38, 10),
                str("second commit"),
                null,
                null,
                new byte[] {(byte) 0xca},
                null,
                date("2026-09-24"),
                null,
                ntz("2026-09-24T12:00:00.5"),
                null,
                null,
                ltz("2026-09-24T12:00:00.5Z"),
                arr((Object) null),
                map("z", -1L),
                row(2, str("z"), arr(-0.5d)),
                arr(row(null, null)),
                str("a"),
                1),
            row(
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                str("colon, unicode"),
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                str("ü:ñ=?#*[x]{y}^\\"),
                null)));
  }
}
