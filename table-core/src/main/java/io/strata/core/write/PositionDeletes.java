package io.strata.core.write;

import io.strata.core.deletion.BucketDeletionVectors;
import io.strata.core.deletion.DeletionBitmap;
import io.strata.core.deletion.DeletionFileIndex;
import io.strata.core.deletion.DeletionVectorChange;
import io.strata.core.deletion.DeletionVectorIndexFile;
import io.strata.core.manifest.ManifestEntry;
import io.strata.core.scan.FileStoreScan;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.store.FileStore;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Row deletions of a DELETE, UPDATE or MERGE on a table with deletion vectors: positions of data
 * files of the snapshot the statement read ({@code base}) marked deleted, merged with the vectors
 * the files already had, and written as one new index file per touched bucket. The commit fails if
 * a touched bucket's vectors or a marked file changed after {@code base}, so no deletion is lost.
 */
public final class PositionDeletes {

  private final FileStore table;
  private final Snapshot base;
  private final Map<String, DeletionBitmap> byFile = new TreeMap<>();

  /**
   * @param base the snapshot whose rows the statement read
   */
  public PositionDeletes(FileStore table, Snapshot base) {
    this.table = table;
    this.base = base;
  }

  /** Marks {@code positions} of data file {@code fileName} (of {@code base}) deleted. */
  public void delete(String fileName, DeletionBitmap positions) {
    byFile.computeIfAbsent(fileName, f -> new DeletionBitmap()).addAll(positions);
  }

  public boolean isEmpty() {
    return byFile.isEmpty();
  }

  /**
   * Writes the new index files: one message per touched bucket, carrying its index file change and
   * no data file.
   */
  public List<CommitMessage> prepareCommit() {
    if (byFile.isEmpty()) {
      return List.of();
    }
    Map<String, ManifestEntry> files = new HashMap<>();
    for (ManifestEntry e :
        new FileStoreScan(table.manifestFiles(), table.schema().partitionType())
            .liveEntries(base)) {
      files.put(e.file().fileName(), e);
    }
    Map<BucketId, List<String>> byBucket = new LinkedHashMap<>();
    Map<BucketId, Integer> totalBuckets = new HashMap<>();
    for (String name : byFile.keySet()) {
      ManifestEntry e = files.get(name);
      if (e == null) {
        throw new IllegalStateException(
            "Row of data file "
                + name
                + " deleted, but snapshot "
                + base.id()
                + " has no such file");
      }
      BucketId id = new BucketId(e.partition(), e.bucket());
      byBucket.computeIfAbsent(id, k -> new ArrayList<>()).add(name);
      totalBuckets.put(id, e.totalBuckets());
    }
    DeletionFileIndex index =
        DeletionFileIndex.of(base, table.manifestFiles(), table.indexFilePaths());
    DeletionVectorIndexFile indexFiles = table.deletionVectorIndexFile();
    List<CommitMessage> messages = new ArrayList<>();
    for (Map.Entry<BucketId, List<String>> b : byBucket.entrySet()) {
      BucketId id = b.getKey();
      BucketDeletionVectors vectors =
          BucketDeletionVectors.load(index, id.partition(), id.bucket(), indexFiles);
      b.getValue().forEach(name -> vectors.delete(name, byFile.get(name)));
      DeletionVectorChange change = vectors.write(indexFiles);
      messages.add(
          new CommitMessage(
              id.partition(),
              id.bucket(),
              totalBuckets.get(id),
              List.of(),
              List.of(),
              List.of(),
              List.of(),
              change.newIndexFiles(),
              change.deletedIndexFiles()));
    }
    return messages;
  }
}
