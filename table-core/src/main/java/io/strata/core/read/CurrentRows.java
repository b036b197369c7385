package io.strata.core.read;

import io.strata.core.format.CloseableIterator;
import io.strata.core.options.Options;
import io.strata.core.predicate.AndPredicate;
import io.strata.core.predicate.LeafPredicate;
import io.strata.core.predicate.Predicate;
import io.strata.core.scan.TableScan;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.split.DataSplit;
import io.strata.core.store.FileStore;
import io.strata.core.types.DataField;
import io.strata.core.types.RowType;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The current (merged) rows of some primary keys in one snapshot of a primary-key table, for writes
 * that must carry a key's whole row where the statement gave only the key: a DELETE on a {@code
 * partial-update} table with sequence groups retracts the groups whose sequence values the deleted
 * row carries, as Paimon's DELETE writes the rows it deletes. The keys are looked up in chunks,
 * each a scan pruned by the keys' values (buckets, file statistics); a key without a row is
 * skipped.
 */
public final class CurrentRows {

  /** How many keys one scan looks up. */
  static final int KEYS_PER_SCAN = 1024;

  private CurrentRows() {}

  /**
   * Calls {@code found} with the row (of the table's row type) of every key of {@code keys} (values
   * in primary-key order) that snapshot {@code snapshotId} holds; null snapshot: an empty table.
   */
  public static void forEach(
      FileStore table, Long snapshotId, Collection<Object[]> keys, Consumer<Object[]> found) {
    if (snapshotId == null || keys.isEmpty()) {
      return;
    }
    Snapshot snapshot = table.snapshotManager().snapshot(snapshotId);
    RowType rowType = table.schema().rowType();
    List<String> keyNames = table.schema().primaryKeys();
    int[] keyPositions = keyNames.stream().mapToInt(rowType::indexOf).toArray();
    List<Object[]> chunk = new ArrayList<>();
    for (Object[] key : keys) {
      chunk.add(key);
      if (chunk.size() == KEYS_PER_SCAN) {
        lookUp(table, snapshot, rowType, keyPositions, chunk, found);
        chunk.clear();
      }
    }
    if (!chunk.isEmpty()) {
      lookUp(table, snapshot, rowType, keyPositions, chunk, found);
    }
  }

  private static void lookUp(
      FileStore table,
      Snapshot snapshot,
      RowType rowType,
      int[] keyPositions,
      List<Object[]> keys,
      Consumer<Object[]> found) {
    Set<List<Object>> wanted = new HashSet<>();
    for (Object[] key : keys) {
      wanted.add(comparable(key));
    }
    TableScan scan =
        new TableScan(table, new Options(Map.of()))
            .withValueFilter(keyValues(rowType, keyPositions, keys));
    for (DataSplit split : scan.plan(snapshot).splits()) {
      try (CloseableIterator<Object[]> rows = TableRead.open(table, split, rowType)) {
        while (rows.hasNext() && !wanted.isEmpty()) {
          Object[] row = rows.next();
          Object[] key = new Object[keyPositions.length];
          for (int i = 0; i < key.length; i++) {
            key[i] = row[keyPositions[i]];
          }
          if (wanted.remove(comparable(key))) {
            found.accept(row);
          }
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      if (wanted.isEmpty()) {
        return;
      }
    }
  }

  /** Each key column IN the keys' values: every key matches, so do few others. */
  private static Predicate keyValues(RowType rowType, int[] keyPositions, List<Object[]> keys) {
    Predicate all = null;
    for (int i = 0; i < keyPositions.length; i++) {
      Set<Object> values = new LinkedHashSet<>();
      for (Object[] key : keys) {
        values.add(key[i]);
      }
      DataField field = rowType.field(keyPositions[i]);
      Predicate in =
          new LeafPredicate(
              keyPositions[i],
              field.name(),
              field.type(),
              LeafPredicate.Op.IN,
              new ArrayList<>(values));
      all = all == null ? in : new AndPredicate(all, in);
    }
    return all;
  }

  /** The key as a list that compares binary values by content. */
  private static List<Object> comparable(Object[] key) {
    Object[] values = key.clone();
    for (int i = 0; i < values.length; i++) {
      if (values[i] instanceof byte[] b) {
        values[i] = ByteBuffer.wrap(b);
      }
    }
    return Arrays.asList(values);
  }
}
