package io.strata.core.fileindex;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.core.options.Options;
import io.strata.core.predicate.LeafPredicate;
import io.strata.core.types.DataField;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import io.strata.core.types.Timestamp;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * An index written for a file reads back with every value written present (no false negative) and
 * most others ruled out, for each type a bloom filter hashes; unindexed columns are never skipped.
 */
class FileIndexWriterTest {

  private static final RowType ROW =
      new RowType(
          List.of(
              new DataField(0, "id", DataTypes.BIGINT()),
              new DataField(1, "s", DataTypes.STRING()),
              new DataField(2, "d", DataTypes.DOUBLE()),
              new DataField(3, "ts", DataTypes.TIMESTAMP(6)),
              new DataField(4, "other", DataTypes.INT())));

  @Test
  void writtenValuesAreFoundAndMostOthersRuledOut() {
    FileIndexWriter writer =
        FileIndexWriter.create(
            new Options(
                Map.of(
                    "file-index.bloom-filter.columns", "id, s,d,ts",
                    "file-index.bloom-filter.id.items", "1000",
                    "file-index.bloom-filter.s.fpp", "0.01")),
            ROW);
    for (long i = 0; i < 1000; i++) {
      writer.add(row(i * 2));
    }
    writer.add(new Object[] {null, null, null, null, null});
    FileIndexFile index = FileIndexFile.parse(writer.finish());

    for (long i = 0; i < 1000; i++) {
      for (int column = 0; column < 4; column++) {
        assertThat(FileIndexFilter.mayMatch(equal(column, row(i * 2)[column]), index)).isTrue();
      }
    }
    int[] ruledOut = new int[4];
    for (long i = 0; i < 1000; i++) {
      for (int column = 0; column < 4; column++) {
        if (!FileIndexFilter.mayMatch(equal(column, row(i * 2 + 1)[column]), index)) {
          ruledOut[column]++;
        }
      }
    }
    for (int n : ruledOut) {
      assertThat(n).isGreaterThan(800);
    }
    assertThat(FileIndexFilter.mayMatch(equal(4, 7), index)).isTrue();
    assertThat(writer.embeds(100)).isTrue();
    assertThat(writer.embeds(501)).isFalse();
  }

  @Test
  void noIndexedColumnMeansNoWriter() {
    assertThat(FileIndexWriter.create(new Options(Map.of()), ROW)).isNull();
    assertThat(
            FileIndexWriter.create(
                new Options(Map.of("file-index.bloom-filter.columns", " ")), ROW))
        .isNull();
  }

  @Test
  void aColumnTheTableLacksOrCannotHashFailsTheWriteAsInPaimon() {
    RowType keyValue =
        new RowType(
            List.of(
                new DataField(0, "_KEY_id", DataTypes.BIGINT()),
                new DataField(1, "_SEQUENCE_NUMBER", DataTypes.BIGINT()),
                new DataField(2, "_VALUE_KIND", DataTypes.TINYINT()),
                new DataField(3, "id", DataTypes.BIGINT()),
                new DataField(4, "price", DataTypes.DECIMAL(10, 2))));
    org.assertj.core.api.Assertions.assertThatThrownBy(
            () ->
                FileIndexWriter.create(
                    new Options(Map.of("file-index.bloom-filter.columns", "missing")), keyValue))
        .hasMessage(
            "Table option 'file-index.bloom-filter.columns' names column 'missing', which does not"
                + " exist; columns are [id, price]. Name existing columns; to drop or rename an"
                + " indexed column, first take it out of the option (ALTER TABLE ... SET or UNSET"
                + " TBLPROPERTIES).");
    org.assertj.core.api.Assertions.assertThatThrownBy(
            () ->
                FileIndexWriter.create(
                    new Options(Map.of("file-index.bloom-filter.columns", "price")), keyValue))
        .hasMessage(
            "Table option 'file-index.bloom-filter.columns' names column 'price' of type"
                + " DECIMAL(10, 2), which the index cannot hold (nor can Paimon's); it indexes"
                + " CHAR, VARCHAR, BINARY, VARBINARY, TINYINT, SMALLINT, INT, BIGINT, FLOAT,"
                + " DOUBLE, DATE, TIME and TIMESTAMP columns.");
    org.assertj.core.api.Assertions.assertThatThrownBy(
            () ->
                FileIndexWriter.create(
                    new Options(Map.of("file-index.bitmap.columns", "price")), keyValue))
        .hasMessage(
            "Table option 'file-index.bitmap.columns' names column 'price' of type"
                + " DECIMAL(10, 2), which the index cannot hold (nor can Paimon's); it indexes"
                + " CHAR, VARCHAR, BOOLEAN, TINYINT, SMALLINT, INT, BIGINT, FLOAT, DOUBLE, DATE,"
                + " TIME and TIMESTAMP columns.");
    org.assertj.core.api.Assertions.assertThatThrownBy(
            () ->
                FileIndexWriter.create(
                    new Options(
                        Map.of(
                            "file-index.bitmap.columns", "id",
                            "file-index.bitmap.id.version", "3")),
                    keyValue))
        .hasMessage(
            "Invalid value '3' for table option 'file-index.bitmap.id.version': expected 1 or"
                + " 2.");
  }

  @Test
  void aDamagedIndexIsRefusedSayingWhat() {
    byte[] index =
        FileIndexWriter.create(new Options(Map.of("file-index.bloom-filter.columns", "id")), ROW)
            .finish();
    byte[] wrongMagic = index.clone();
    wrongMagic[0] ^= 1;
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> FileIndexFile.parse(wrongMagic))
        .hasMessageStartingWith("Cannot read a Paimon file index: its magic number is wrong.");
    org.assertj.core.api.Assertions.assertThatThrownBy(
            () -> FileIndexFile.parse(java.util.Arrays.copyOf(index, 40)))
        .hasMessageStartingWith("Cannot read a Paimon file index: it is shorter than its head");
  }

  @Test
  void aBadSizeNamesTheOptionAndTheValidValues() {
    org.assertj.core.api.Assertions.assertThatThrownBy(
            () ->
                FileIndexWriter.create(
                    new Options(
                        Map.of(
                            "file-index.bloom-filter.columns", "id",
                            "file-index.bloom-filter.id.fpp", "1.5")),
                    ROW))
        .hasMessage(
            "Invalid value '1.5' for table option 'file-index.bloom-filter.id.fpp': expected a"
                + " number between 0 and 1 (exclusive).");
    org.assertj.core.api.Assertions.assertThatThrownBy(
            () ->
                FileIndexWriter.create(
                    new Options(
                        Map.of(
                            "file-index.bloom-filter.columns", "id",
                            "file-index.bloom-filter.id.items", "many")),
                    ROW))
        .hasMessage(
            "Invalid value 'many' for table option 'file-index.bloom-filter.id.items': expected"
                + " a positive whole number.");
  }

  @Test
  void stringsHandedOnAsTheirUtf8BytesHashAsStrings() {
    // Compactions and key-table flushes pass strings on undecoded.
    FileIndexWriter writer =
        FileIndexWriter.create(
            new Options(
                Map.of(
                    "file-index.bloom-filter.columns", "s",
                    "file-index.bloom-filter.s.items", "100")),
            ROW);
    writer.add(
        new Object[] {1L, org.apache.parquet.io.api.Binary.fromString("naïve"), null, null, null});
    FileIndexFile index = FileIndexFile.parse(writer.finish());
    assertThat(FileIndexFilter.mayMatch(equal(1, "naïve"), index)).isTrue();
    assertThat(FileIndexFilter.mayMatch(equal(1, "naive"), index)).isFalse();
  }

  private static Object[] row(long i) {
    return new Object[] {i, "s" + i, i / 3.0, Timestamp.fromMicros(i * 1_000_001L), (int) i};
  }

  private static LeafPredicate equal(int column, Object value) {
    return new LeafPredicate(
        column, ROW.field(column).name(), ROW.typeAt(column), LeafPredicate.Op.EQ, List.of(value));
  }
}
