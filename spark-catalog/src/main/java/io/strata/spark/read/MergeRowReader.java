package io.strata.spark.read;

import io.strata.core.manifest.DataFileMeta;
import io.strata.core.merge.RowKind;
import io.strata.core.options.MergeEngine;
import io.strata.core.options.TableOptions;
import io.strata.core.split.DataSplit;
import io.strata.core.table.FileStoreTable;
import io.strata.core.types.RowType;
import java.io.IOException;
import java.util.Arrays;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.UnsafeProjection;
import org.apache.spark.sql.connector.read.PartitionReader;

/**
 * Merge-on-read of one primary-key split from columnar batches, for {@code deduplicate} and {@code
 * first-row} tables without {@code sequence.field}: each data file is read by Spark's vectorized
 * reader ({@link MergeCursor}), a {@link LoserTree} orders the files' records by (key, sequence
 * number, file), and per key the last record wins ({@code deduplicate}, a winning DELETE or
 * UPDATE_BEFORE drops the key) or the first record that is not a retraction ({@code first-row}).
 * Equal sequence numbers are ordered by the file's position in the split.
 *
 * <p>Rows are views into the batches (copied only when the winning record's batch is about to be
 * refilled), so nothing is boxed or allocated per row. Each view lays out the read columns (in read
 * order, partition columns as constants), then the key columns, sequence number and kind.
 */
final class MergeRowReader implements PartitionReader<InternalRow> {

  private final MergeEngine engine;
  private final MergeCursor[] cursors;
  private final KeyComparator keys;
  private final int sequenceOrdinal;
  private final int kindOrdinal;
  private final LoserTree tree;
  private final UnsafeProjection copyAll;
  private final UnsafeProjection copyOutput;

  /** The last record taken, as a whole layout row and as an output row. */
  private InternalRow held;

  private InternalRow heldOutput;

  /** first-row: the key just emitted, whose later records are skipped at the next call. */
  private boolean skipHeldKey;

  MergeRowReader(
      FileStoreTable table,
      DataSplit split,
      RowType readType,
      ColumnarReadSettings settings,
      TaskReadMetrics metrics)
      throws IOException {
    this.engine = table.options().get(TableOptions.MERGE_ENGINE);
    RowType keyType = table.schema().trimmedPrimaryKeyType();
    MergeLayout layout = new MergeLayout(table, split, readType, keyType);
    int outputs = readType.size();
    this.keys = KeyComparator.of(keyType, outputs);
    this.sequenceOrdinal = outputs + keyType.size();
    this.kindOrdinal = sequenceOrdinal + 1;
    this.copyAll = UnsafeProjection.create(layout.sparkTypes());
    this.copyOutput = UnsafeProjection.create(Arrays.copyOf(layout.sparkTypes(), outputs));
    this.cursors = new MergeCursor[split.files().size()];
    try {
      ParquetBatchFile opener = null;
      for (int i = 0; i < cursors.length; i++) {
        DataFileMeta file = split.files().get(i);
        Path path =
            table
                .dataFilePaths()
                .of(split.partition(), split.bucket(), file.fileName(), file.externalPath());
        FileSystem fs = table.fileIO().fileSystem(path);
        if (opener == null) {
          opener = layout.opener(fs.getConf(), settings);
        }
        cursors[i] =
            new MergeCursor(
                opener.open(
                    fs,
                    path,
                    file.fileSize(),
                    null,
                    table.schema().rowType(),
                    table.schema().partitionType(),
                    metrics),
                layout.columns(),
                outputs);
        cursors[i].advance();
      }
    } catch (IOException | RuntimeException e) {
      closeQuietly(e);
      throw e;
    }
    this.tree = new LoserTree(cursors.length, this::compare, s -> cursors[s].live());
    tree.init();
  }

  /** Records by key, then sequence number, then file. */
  private int compare(int a, int b) {
    InternalRow x = cursors[a].current();
    InternalRow y = cursors[b].current();
    int c = keys.compare(x, y);
    if (c != 0) {
      return c;
    }
    c = Long.compare(x.getLong(sequenceOrdinal), y.getLong(sequenceOrdinal));
    return c != 0 ? c : Integer.compare(a, b);
  }

  @Override
  public boolean next() throws IOException {
    if (skipHeldKey) {
      skipHeldKey = false;
      takeWhileSameKey();
    }
    while (tree.winner() >= 0) {
      take(tree.winner());
      if (engine == MergeEngine.FIRST_ROW) {
        while (isRetraction(held) && sameKeyAsHeld(tree.winner())) {
          take(tree.winner());
        }
        skipHeldKey = true;
      } else {
        takeWhileSameKey();
      }
      if (!isRetraction(held)) {
        return true;
      }
      skipHeldKey = false;
    }
    return false;
  }

  /** Takes every further record of the held record's key; the last one stays held. */
  private void takeWhileSameKey() throws IOException {
    while (sameKeyAsHeld(tree.winner())) {
      take(tree.winner());
    }
  }

  private boolean sameKeyAsHeld(int source) {
    return source >= 0 && keys.compare(cursors[source].current(), held) == 0;
  }

  /**
   * Holds the winning record and moves its cursor on. The held row stays a view into the batch
   * unless that batch is about to be refilled, then it is copied.
   */
  private void take(int source) throws IOException {
    MergeCursor cursor = cursors[source];
    cursor.pin();
    if (cursor.atBatchEnd()) {
      held = copyAll.apply(cursor.pinned());
      heldOutput = copyOutput.apply(cursor.pinnedOutput());
    } else {
      held = cursor.pinned();
      heldOutput = cursor.pinnedOutput();
    }
    cursor.advance();
    tree.replay(source);
  }

  private boolean isRetraction(InternalRow row) {
    return RowKind.fromValue(row.getByte(kindOrdinal)).isRetract();
  }

  @Override
  public InternalRow get() {
    return heldOutput;
  }

  @Override
  public void close() throws IOException {
    IOException failure = null;
    for (MergeCursor c : cursors) {
      try {
        if (c != null) {
          c.close();
        }
      } catch (IOException e) {
        failure = failure == null ? e : failure;
      }
    }
    if (failure != null) {
      throw failure;
    }
  }

  private void closeQuietly(Exception cause) {
    try {
      close();
    } catch (IOException e) {
      cause.addSuppressed(e);
    }
  }
}
