package io.strata.core.write;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.core.data.ValueComparator;
import io.strata.core.types.DataField;
import io.strata.core.types.DataType;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The binary write buffer: rows of every type survive serialization, and the sorted output, in
 * memory or merged from spilled runs, equals a stable reference sort by the key comparator.
 */
class SortBufferTest {

  @TempDir Path dir;

  static final RowType VALUES = RandomRows.rowOf(RandomRows.allTypes());

  /** A file row type: the key fields first, then a value of every type. */
  static RowType fileType(List<DataType> keyTypes) {
    List<DataField> fields = new ArrayList<>();
    for (int i = 0; i < keyTypes.size(); i++) {
      fields.add(new DataField(1000 + i, "k" + i, keyTypes.get(i).notNull()));
    }
    fields.add(new DataField(2000, "arrival", DataTypes.INT().notNull()));
    fields.addAll(VALUES.fields());
    return new RowType(fields);
  }

  static Stream<List<DataType>> keyTypes() {
    List<List<DataType>> keys = new ArrayList<>();
    for (DataType t : RandomRows.ATOMIC_TYPES) {
      keys.add(List.of(t));
    }
    keys.add(List.of(DataTypes.ARRAY(DataTypes.STRING())));
    keys.add(List.of(DataTypes.INT(), DataTypes.STRING()));
    keys.add(List.of(DataTypes.STRING(), DataTypes.BYTES(), DataTypes.DECIMAL(30, 5)));
    keys.add(List.of(DataTypes.TIMESTAMP(6), DataTypes.DOUBLE(), DataTypes.BIGINT()));
    return keys.stream();
  }

  List<Object[]> randomRows(RowType fileType, int keyArity, int n, long seed) {
    RandomRows random = new RandomRows(seed);
    List<Object[]> rows = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      Object[] row = random.row(fileType, 0.2);
      for (int k = 0; k < keyArity; k++) {
        row[k] = random.value(fileType.typeAt(k)); // keys are never null
      }
      row[keyArity] = i;
      rows.add(row);
    }
    return rows;
  }

  static List<Object[]> referenceSort(List<Object[]> rows, RowType keyType) {
    Comparator<Object[]> byKey = ValueComparator.ofRow(keyType);
    List<Object[]> sorted = new ArrayList<>(rows);
    sorted.sort(byKey); // List.sort is stable: equal keys keep their arrival order
    return sorted;
  }

  static List<Object[]> drain(SpillingSortBuffer buffer) {
    List<Object[]> out = new ArrayList<>();
    try (RecordCursor cursor = buffer.sorted()) {
      while (cursor.next()) {
        out.add(buffer.row(cursor));
      }
    }
    return out;
  }

  @Test
  void everyTypeRoundTripsThroughTheSerializer() {
    RowSerializer serializer = new RowSerializer(VALUES);
    RandomRows random = new RandomRows(7);
    ByteOutput out = new ByteOutput();
    List<Object[]> rows = new ArrayList<>();
    for (int i = 0; i < 500; i++) {
      rows.add(random.row(VALUES, 0.3));
      serializer.write(rows.get(i), out);
    }
    ByteInput in = new ByteInput().at(out.buffer(), 0);
    for (Object[] expected : rows) {
      assertThat(RandomRows.deep(serializer.read(in))).isEqualTo(RandomRows.deep(expected));
    }
    assertThat(in.pos).isEqualTo(out.size());
  }

  @ParameterizedTest
  @MethodSource("keyTypes")
  void sortingEqualsAStableReferenceSort(List<DataType> keyTypes) {
    RowType fileType = fileType(keyTypes);
    RowType keyType = RandomRows.rowOf(keyTypes);
    List<Object[]> rows = randomRows(fileType, keyTypes.size(), 3000, keyTypes.hashCode());
    assertSortsAsTheReference(fileType, keyType, rows);
  }

  @ParameterizedTest
  @MethodSource("keyTypes")
  void spilledRunsMergeToTheSameOrder(List<DataType> keyTypes) throws Exception {
    RowType fileType = fileType(keyTypes);
    RowType keyType = RandomRows.rowOf(keyTypes);
    List<Object[]> rows = randomRows(fileType, keyTypes.size(), 3000, 31L * keyTypes.hashCode());
    // 32 kb of memory and at most 4 files open: many spills and intermediate merges.
    WriteMemory memory = new WriteMemory(32 << 10, 64 << 10);
    SpillingSortBuffer buffer =
        new SpillingSortBuffer(
            memory, fileType, keyType, new SpillSettings(true, dir, Long.MAX_VALUE, 4));
    memory.register(
        new WriteMemory.Owner() {
          @Override
          public long memoryBytes() {
            return buffer.memoryBytes();
          }

          @Override
          public void releaseMemory() {
            buffer.spill();
          }
        });
    rows.forEach(buffer::add);
    assertThat(memory.releases()).as("spills").isGreaterThan(4);
    assertThat(buffer.spilledRuns()).isBetween(1, 3);
    assertThat(memory.committedBytes()).isLessThanOrEqualTo(32 << 10);
    assertThat(RandomRows.deepRows(drain(buffer)))
        .isEqualTo(RandomRows.deepRows(referenceSort(rows, keyType)));
    buffer.clear();
    try (Stream<Path> left = Files.list(dir)) {
      assertThat(left).as("spilled files are deleted").isEmpty();
    }
    assertThat(memory.committedBytes())
        .as("only pooled pages remain")
        .isLessThanOrEqualTo(32 << 10);
  }

  /**
   * Many rows with few distinct keys: the radix sort leaves long runs of one prefix, which the
   * comparison sort must put in arrival order (integral keys) or key order (string keys sharing
   * their first 8 bytes).
   */
  @ParameterizedTest
  @MethodSource("fewDistinctKeys")
  void longRunsOfOnePrefixKeepKeyThenArrivalOrder(DataType keyField, List<Object> keys) {
    RowType fileType =
        new RowType(
            List.of(
                new DataField(0, "k", keyField.notNull()),
                new DataField(1, "arrival", DataTypes.INT().notNull())));
    RowType keyType = new RowType(List.of(fileType.field(0)));
    java.util.Random random = new java.util.Random(11);
    List<Object[]> rows = new ArrayList<>();
    for (int i = 0; i < 40_000; i++) {
      rows.add(new Object[] {keys.get(random.nextInt(keys.size())), i});
    }
    assertSortsAsTheReference(fileType, keyType, rows);
  }

  static Stream<org.junit.jupiter.params.provider.Arguments> fewDistinctKeys() {
    return Stream.of(
        org.junit.jupiter.params.provider.Arguments.of(
            DataTypes.BIGINT(),
            List.<Object>of(Long.MIN_VALUE, -1L, 0L, 1L, 255L, 256L, 1L << 40, Long.MAX_VALUE)),
        org.junit.jupiter.params.provider.Arguments.of(
            DataTypes.INT(),
            List.<Object>of(Integer.MIN_VALUE, -70000, -1, 0, 7, Integer.MAX_VALUE)),
        org.junit.jupiter.params.provider.Arguments.of(
            DataTypes.STRING(),
            List.<Object>of(
                "customer-0001", "customer-0002", "customer-01", "customer-", "cust", "ü")));
  }

  @Test
  void valueStringsReadBackAsTheirUtf8Bytes() {
    RowType type =
        new RowType(
            List.of(
                new DataField(0, "k", DataTypes.STRING().notNull()),
                new DataField(1, "v", DataTypes.STRING()),
                new DataField(2, "n", DataTypes.BIGINT())));
    RowSerializer serializer = new RowSerializer(type, 1, null, 0);
    ByteOutput out = new ByteOutput();
    serializer.write(new Object[] {"kéy", "välue 😀", 5L}, out);
    serializer.write(
        new Object[] {"k2", org.apache.parquet.io.api.Binary.fromString("bytes"), null}, out);
    ByteInput in = new ByteInput().at(out.buffer(), 0);
    Object[] first = serializer.read(in);
    assertThat(first[0]).isEqualTo("kéy");
    assertThat(first[1])
        .isEqualTo(org.apache.parquet.io.api.Binary.fromString("välue 😀"))
        .isInstanceOf(org.apache.parquet.io.api.Binary.class);
    assertThat(first[2]).isEqualTo(5L);
    Object[] second = serializer.read(in);
    assertThat(second)
        .containsExactly("k2", org.apache.parquet.io.api.Binary.fromString("bytes"), null);
    assertThat(in.pos).isEqualTo(out.size());
  }

  /** String lengths are varints: each width round-trips and compares as the strings do. */
  @Test
  void stringsOfEveryLengthWidthRoundTripAndSort() {
    RowType fileType =
        new RowType(
            List.of(
                new DataField(0, "k", DataTypes.STRING().notNull()),
                new DataField(1, "arrival", DataTypes.INT().notNull())));
    RowType keyType = new RowType(List.of(fileType.field(0)));
    List<Object[]> rows = new ArrayList<>();
    int arrival = 0;
    for (int length : new int[] {0, 1, 127, 128, 16_383, 16_384, 2_097_151, 2_097_152}) {
      for (char c : new char[] {'b', 'a'}) {
        rows.add(new Object[] {String.valueOf(c).repeat(length), arrival++});
      }
    }
    assertSortsAsTheReference(fileType, keyType, rows);
  }

  @Test
  void aFieldThatCopiesAnotherIsHeldOnceAndReadBackAsIt() {
    RowType type =
        new RowType(
            List.of(
                new DataField(0, "_KEY_k", DataTypes.STRING().notNull()),
                new DataField(1, "n", DataTypes.BIGINT()),
                new DataField(2, "k", DataTypes.STRING().notNull())));
    Object[] row = {"a key", 3L, "a key"};
    ByteOutput whole = new ByteOutput();
    new RowSerializer(type).write(row, whole);
    ByteOutput once = new ByteOutput();
    RowSerializer copying = new RowSerializer(type, type.size(), new int[] {-1, -1, 0}, 0);
    copying.write(row, once);
    assertThat(once.size()).isEqualTo(whole.size() - 1 - 1 - "a key".length());
    assertThat(copying.read(new ByteInput().at(once.buffer(), 0))).containsExactly(row);
  }

  /**
   * Buffers {@code rows} in memory and checks they come out as {@link #referenceSort} orders them.
   */
  void assertSortsAsTheReference(RowType fileType, RowType keyType, List<Object[]> rows) {
    SpillingSortBuffer buffer = buffer(64L << 20, fileType, keyType, 128);
    rows.forEach(buffer::add);
    assertThat(RandomRows.deepRows(drain(buffer)))
        .isEqualTo(RandomRows.deepRows(referenceSort(rows, keyType)));
    buffer.clear();
  }

  /**
   * A buffer whose keys and arrival numbers (never null) are held without presence bytes, as a
   * primary-key writer's are; {@link #spilledRunsMergeToTheSameOrder} covers rows with them.
   */
  SpillingSortBuffer buffer(long limit, RowType fileType, RowType keyType, int fanIn) {
    return new SpillingSortBuffer(
        new WriteMemory(limit, 64 << 10),
        fileType,
        keyType,
        new SpillSettings(true, dir, Long.MAX_VALUE, fanIn),
        fileType.size(),
        null,
        keyType.size() + 1);
  }
}
