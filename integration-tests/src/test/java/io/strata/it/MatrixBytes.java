package io.strata.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.core.data.BinaryRowCodec;
import io.strata.core.data.BucketFunction;
import io.strata.core.manifest.IndexManifestCodec;
import io.strata.core.manifest.ManifestCodec;
import io.strata.core.manifest.ManifestListCodec;
import java.io.File;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import java.util.function.Function;
import java.util.stream.Stream;
import org.apache.avro.Schema;
import org.apache.avro.file.DataFileReader;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericRecord;
import org.apache.paimon.bucket.DefaultBucketFunction;
import org.apache.paimon.data.BinaryRow;
import org.apache.paimon.data.BinaryString;
import org.apache.paimon.data.Decimal;
import org.apache.paimon.data.GenericRow;
import org.apache.paimon.data.Timestamp;
import org.apache.paimon.data.serializer.InternalRowSerializer;
import org.apache.paimon.types.DataType;
import org.apache.paimon.types.DataTypes;
import org.apache.paimon.types.RowType;
import org.apache.paimon.utils.SerializationUtils;

/**
 * Byte-level cells: Strata's BinaryRow encoding and bucket function against Paimon's for random
 * keys of every atomic type, and the Avro schemas of manifests against those of files Paimon wrote.
 */
final class MatrixBytes {

  static final int KEYS = 100_000;

  /** One random value as Strata's canonical value and as Paimon's internal value. */
  private record Value(Object strata, Object paimon) {}

  /** An atomic type on both sides and a generator of random values of it. */
  private record KeyType(
      String name,
      io.strata.core.types.DataType strata,
      DataType paimon,
      Function<Random, Value> values) {}

  private MatrixBytes() {}

  static List<MatrixCell> cells() {
    List<MatrixCell> cells = new ArrayList<>();
    for (KeyType type : keyTypes()) {
      cells.add(
          new MatrixCell(
              "byte level",
              "BinaryRow bytes, hash and bucket of " + KEYS + " random " + type.name() + " keys",
              MatrixCell.BYTES,
              () -> assertSameBytesAndBuckets(type),
              null));
    }
    cells.add(
        new MatrixCell(
            "byte level",
            "manifest, manifest-list and index-manifest Avro schemas, field by field",
            MatrixCell.BYTES,
            MatrixBytes::assertSameAvroSchemas,
            null));
    return cells;
  }

  // ---------------------------------------------------------------- BinaryRow and buckets

  private static void assertSameBytesAndBuckets(KeyType type) {
    Random random = new Random(type.name().hashCode());
    io.strata.core.types.RowType strataRow =
        new io.strata.core.types.RowType(
            List.of(new io.strata.core.types.DataField(0, "k", type.strata())));
    RowType paimonRow = RowType.of(type.paimon());
    InternalRowSerializer serializer = new InternalRowSerializer(paimonRow);
    DefaultBucketFunction paimonBuckets = new DefaultBucketFunction();
    for (int i = 0; i < KEYS; i++) {
      Value v = random.nextInt(50) == 0 ? new Value(null, null) : type.values().apply(random);
      BinaryRow paimon = serializer.toBinaryRow(GenericRow.of(v.paimon())).copy();
      io.strata.core.data.BinaryRow strata =
          BinaryRowCodec.serialize(strataRow, new Object[] {v.strata()});
      byte[] expected = SerializationUtils.serializeBinaryRow(paimon);
      if (!java.util.Arrays.equals(strata.bytes(), expected)) {
        throw new AssertionError(
            type.name()
                + " "
                + v.paimon()
                + ": Strata's bytes "
                + HexFormat.of().formatHex(strata.bytes())
                + ", Paimon's "
                + HexFormat.of().formatHex(expected));
      }
      int buckets = 1 + random.nextInt(300);
      assertThat(BucketFunction.hash(strata))
          .as("hash of %s", v.paimon())
          .isEqualTo(paimon.hashCode());
      int strataBucket = BucketFunction.bucket(strata, buckets);
      if (strataBucket != paimonBuckets.bucket(paimon, buckets)) {
        throw new AssertionError(
            type.name() + " " + v.paimon() + " in " + buckets + " buckets: Strata " + strataBucket);
      }
    }
  }

  private static List<KeyType> keyTypes() {
    return List.of(
        new KeyType(
            "BOOLEAN",
            io.strata.core.types.DataTypes.BOOLEAN(),
            DataTypes.BOOLEAN(),
            r -> same(r.nextBoolean())),
        new KeyType(
            "TINYINT",
            io.strata.core.types.DataTypes.TINYINT(),
            DataTypes.TINYINT(),
            r -> same((byte) r.nextInt())),
        new KeyType(
            "SMALLINT",
            io.strata.core.types.DataTypes.SMALLINT(),
            DataTypes.SMALLINT(),
            r -> same((short) r.nextInt())),
        new KeyType(
            "INT", io.strata.core.types.DataTypes.INT(), DataTypes.INT(), r -> same(r.nextInt())),
        new KeyType(
            "BIGINT",
            io.strata.core.types.DataTypes.BIGINT(),
            DataTypes.BIGINT(),
            r -> same(r.nextLong())),
        new KeyType(
            "FLOAT",
            io.strata.core.types.DataTypes.FLOAT(),
            DataTypes.FLOAT(),
            r -> same(pick(r, Float.intBitsToFloat(r.nextInt()), -0.0f, Float.NaN, 1.5f))),
        new KeyType(
            "DOUBLE",
            io.strata.core.types.DataTypes.DOUBLE(),
            DataTypes.DOUBLE(),
            r -> same(pick(r, Double.longBitsToDouble(r.nextLong()), -0.0d, Double.NaN, 0.1d))),
        decimal(10, 2),
        decimal(18, 0),
        decimal(38, 10),
        new KeyType(
            "STRING",
            io.strata.core.types.DataTypes.STRING(),
            DataTypes.STRING(),
            r -> string(r, 20)),
        new KeyType(
            "VARCHAR(20)",
            io.strata.core.types.DataTypes.VARCHAR(20),
            DataTypes.VARCHAR(20),
            r -> string(r, 20)),
        new KeyType(
            "CHAR(10)",
            io.strata.core.types.DataTypes.CHAR(10),
            DataTypes.CHAR(10),
            r -> string(r, 10)),
        new KeyType(
            "BYTES", io.strata.core.types.DataTypes.BYTES(), DataTypes.BYTES(), r -> bytes(r, 20)),
        new KeyType(
            "BINARY(8)",
            io.strata.core.types.DataTypes.BINARY(8),
            DataTypes.BINARY(8),
            r -> bytes(r, 8)),
        new KeyType(
            "DATE",
            io.strata.core.types.DataTypes.DATE(),
            DataTypes.DATE(),
            r -> same(r.nextInt(5_000_000) - 1_000_000)),
        new KeyType(
            "TIME",
            io.strata.core.types.DataTypes.TIME(0),
            DataTypes.TIME(),
            r -> same(r.nextInt(86_400_000))),
        timestamp(3, false),
        timestamp(6, false),
        timestamp(9, false),
        timestamp(3, true),
        timestamp(6, true),
        timestamp(9, true));
  }

  private static Value same(Object v) {
    return new Value(v, v);
  }

  @SafeVarargs
  private static <T> T pick(Random r, T... choices) {
    return choices[r.nextInt(choices.length)];
  }

  private static KeyType decimal(int precision, int scale) {
    return new KeyType(
        "DECIMAL(" + precision + ", " + scale + ")",
        io.strata.core.types.DataTypes.DECIMAL(precision, scale),
        DataTypes.DECIMAL(precision, scale),
        r -> {
          BigInteger unscaled = new BigInteger(precision * 3, r);
          BigInteger limit = BigInteger.TEN.pow(precision);
          unscaled = unscaled.mod(limit);
          if (r.nextBoolean()) {
            unscaled = unscaled.negate();
          }
          BigDecimal d = new BigDecimal(unscaled, scale);
          return new Value(d, Decimal.fromBigDecimal(d, precision, scale));
        });
  }

  /** Lengths on both sides of the 7-byte inline limit, and characters of 1 to 4 UTF-8 bytes. */
  private static Value string(Random r, int maxLength) {
    int length = r.nextInt(maxLength + 1);
    StringBuilder s = new StringBuilder();
    for (int i = 0; i < length; i++) {
      s.append(pick(r, "a", "Z", "0", " ", "/", "=", "%", ":", "ü", "€", "😀"));
    }
    String text = s.toString();
    while (text.codePointCount(0, text.length()) > maxLength) {
      text = text.substring(0, text.length() - 1);
    }
    return new Value(text, BinaryString.fromString(text));
  }

  private static Value bytes(Random r, int maxLength) {
    byte[] b = new byte[r.nextInt(maxLength + 1)];
    r.nextBytes(b);
    return new Value(b, b);
  }

  private static KeyType timestamp(int precision, boolean localZone) {
    return new KeyType(
        (localZone
            ? "TIMESTAMP(" + precision + ") WITH LOCAL TIME ZONE"
            : "TIMESTAMP(" + precision + ")"),
        localZone
            ? io.strata.core.types.DataTypes.TIMESTAMP_LTZ(precision)
            : io.strata.core.types.DataTypes.TIMESTAMP(precision),
        localZone
            ? DataTypes.TIMESTAMP_WITH_LOCAL_TIME_ZONE(precision)
            : DataTypes.TIMESTAMP(precision),
        r -> {
          long millis = r.nextLong() % 250_000_000_000_000L;
          int nanos =
              switch (precision) {
                case 3 -> 0;
                case 6 -> r.nextInt(1000) * 1000;
                default -> r.nextInt(1_000_000);
              };
          return new Value(
              new io.strata.core.types.Timestamp(millis, nanos),
              Timestamp.fromEpochMillis(millis, nanos));
        });
  }

  // ---------------------------------------------------------------- Avro schemas

  /**
   * The Avro schemas Strata writes manifests, manifest lists and index manifests with equal, field
   * by field, the writer schemas of the files Paimon wrote for a dynamic-bucket table.
   */
  private static void assertSameAvroSchemas() throws Exception {
    Path warehouse = Files.createTempDirectory("matrix-avro");
    try (PaimonOracle paimon = new PaimonOracle(warehouse)) {
      paimon.catalog().createDatabase("db", false);
      MatrixTable spec =
          MatrixTable.of("id INT, name STRING", List.of(), "primary-key", "id", "bucket", "-1");
      paimon
          .catalog()
          .createTable(
              org.apache.paimon.catalog.Identifier.create("db", "t"), spec.paimonSchema(), false);
      PaimonOracle.writeDynamicBucket(
          paimon.table("db", "t"), List.of(GenericRow.of(1, BinaryString.fromString("a"))));
    }
    Path manifests = warehouse.resolve("db.db/t/manifest");
    assertSameFields("manifest", ManifestCodec.schema(), writerSchema(manifests, "manifest-"));
    assertSameFields(
        "manifest list", ManifestListCodec.schema(), writerSchema(manifests, "manifest-list-"));
    assertSameFields(
        "index manifest", IndexManifestCodec.schema(), writerSchema(manifests, "index-manifest-"));
  }

  private static Schema writerSchema(Path dir, String prefix) throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      Path file =
          files
              .filter(p -> p.getFileName().toString().startsWith(prefix))
              .filter(
                  p ->
                      !(prefix.equals("manifest-")
                          && p.getFileName().toString().startsWith("manifest-list-")))
              .findFirst()
              .orElseThrow(
                  () -> new AssertionError("Paimon wrote no " + prefix + " file in " + dir));
      File f = file.toFile();
      try (DataFileReader<GenericRecord> reader =
          new DataFileReader<>(f, new GenericDatumReader<>())) {
        return reader.getSchema();
      }
    }
  }

  private static void assertSameFields(String what, Schema strata, Schema paimon) {
    assertThat(strata.getFields().stream().map(Schema.Field::name).toList())
        .as("%s fields", what)
        .containsExactlyElementsOf(paimon.getFields().stream().map(Schema.Field::name).toList());
    for (Schema.Field field : paimon.getFields()) {
      assertThat(strata.getField(field.name()).schema().toString())
          .as("%s field %s", what, field.name())
          .isEqualTo(field.schema().toString());
    }
    assertThat(strata.getFullName()).as("%s record name", what).isEqualTo(paimon.getFullName());
    assertThat(strata.toString()).as("%s schema", what).isEqualTo(paimon.toString());
  }
}
