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
    SpillingSortBuffer buffer = buffer(64L << 20, fileType, keyType, 128);
    rows.forEach(buffer::add);
    assertThat(RandomRows.deepRows(drain(buffer)))
        .isEqualTo(RandomRows.deepRows(referenceSort(rows, keyType)));
    buffer.clear();
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

  SpillingSortBuffer buffer(long limit, RowType fileType, RowType keyType, int fanIn) {
    return new SpillingSortBuffer(
        new WriteMemory(limit, 64 << 10),
        fileType,
        keyType,
        new SpillSettings(true, dir, Long.MAX_VALUE, fanIn));
  }
}
