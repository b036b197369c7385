package io.strata.it;

import java.util.ArrayList;
import java.util.List;
import org.apache.paimon.deletionvectors.Bitmap64DeletionVector;
import org.apache.paimon.deletionvectors.BitmapDeletionVector;
import org.apache.paimon.deletionvectors.DeletionVector;
import org.apache.paimon.deletionvectors.append.AppendDeleteFileMaintainer;
import org.apache.paimon.deletionvectors.append.BaseAppendDeleteFileMaintainer;
import org.apache.paimon.index.IndexFileMeta;
import org.apache.paimon.io.CompactIncrement;
import org.apache.paimon.io.DataFileMeta;
import org.apache.paimon.io.DataIncrement;
import org.apache.paimon.manifest.FileKind;
import org.apache.paimon.manifest.IndexManifestEntry;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.sink.BatchTableCommit;
import org.apache.paimon.table.sink.CommitMessage;
import org.apache.paimon.table.sink.CommitMessageImpl;
import org.apache.paimon.table.source.DataSplit;
import org.apache.paimon.table.source.Split;

/**
 * Deletes rows of a Paimon append table with deletion vectors by position, as Paimon's own DELETE
 * does: a new vector per file (added to the file's existing one), committed as index files.
 */
public final class PaimonDeletions {

  private PaimonDeletions() {}

  /** The live data splits of the latest snapshot. */
  public static List<DataSplit> splits(FileStoreTable table) {
    List<DataSplit> splits = new ArrayList<>();
    for (Split s : table.newReadBuilder().newScan().plan().splits()) {
      splits.add((DataSplit) s);
    }
    return splits;
  }

  /** Marks {@code positions} of {@code file} (a file of {@code split}) deleted in one commit. */
  public static void deleteRows(
      FileStoreTable table, DataSplit split, DataFileMeta file, Iterable<Long> positions)
      throws Exception {
    AppendDeleteFileMaintainer maintainer =
        BaseAppendDeleteFileMaintainer.forUnawareAppend(
            table.store().newIndexFileHandler(),
            table.snapshotManager().latestSnapshot(),
            split.partition());
    // Paimon makes new vectors of a 'deletion-vectors.bitmap64' table 64-bit.
    DeletionVector dv =
        Boolean.parseBoolean(table.options().get("deletion-vectors.bitmap64"))
            ? new Bitmap64DeletionVector()
            : new BitmapDeletionVector();
    DeletionVector existing = maintainer.getDeletionVector(file.fileName());
    if (existing != null) {
      dv.merge(existing);
    }
    positions.forEach(dv::delete);
    maintainer.notifyNewDeletionVector(file.fileName(), dv);
    List<IndexFileMeta> added = new ArrayList<>();
    List<IndexFileMeta> removed = new ArrayList<>();
    for (IndexManifestEntry e : maintainer.persist()) {
      (e.kind() == FileKind.ADD ? added : removed).add(e.indexFile());
    }
    CommitMessage message =
        new CommitMessageImpl(
            split.partition(),
            split.bucket(),
            null,
            new DataIncrement(List.of(), List.of(), List.of(), added, removed),
            new CompactIncrement(List.of(), List.of(), List.of()));
    try (BatchTableCommit commit = table.newBatchWriteBuilder().newCommit()) {
      commit.commit(List.of(message));
    }
  }
}
