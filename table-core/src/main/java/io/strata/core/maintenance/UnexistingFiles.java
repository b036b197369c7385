package io.strata.core.maintenance;

import io.strata.core.data.BinaryRow;
import io.strata.core.deletion.BucketDeletionVectors;
import io.strata.core.deletion.DeletionFileIndex;
import io.strata.core.deletion.DeletionVectorChange;
import io.strata.core.deletion.DeletionVectorIndexFile;
import io.strata.core.expire.DirectoryLister;
import io.strata.core.io.FileIO;
import io.strata.core.manifest.DataFileMeta;
import io.strata.core.manifest.ManifestEntry;
import io.strata.core.predicate.Predicate;
import io.strata.core.scan.FileStoreScan;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.store.FileStore;
import io.strata.core.write.BucketId;
import io.strata.core.write.CommitMessage;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.fs.Path;

/**
 * The repair of a table whose data files were lost or deleted by hand (Paimon's {@code
 * remove_unexisting_files}): every read of a bucket that lists a missing file fails, so the live
 * files no directory holds any more are found by listing their directories (one listing per bucket,
 * not a lookup per file) and removed from the table by a commit, their deletion vectors with them.
 * The rows they held are gone; nothing else changes.
 */
public final class UnexistingFiles {

  /** A live data file of a snapshot that storage does not hold. */
  public record Missing(
      BinaryRow partition, int bucket, int totalBuckets, DataFileMeta file, Path path) {}

  private final FileStore table;

  public UnexistingFiles(FileStore table) {
    this.table = table;
  }

  /**
   * The live data files of {@code snapshot} in partitions matching {@code partitionFilter} (null =
   * all) that {@code lister} does not find in their directories.
   */
  public List<Missing> find(Snapshot snapshot, Predicate partitionFilter, DirectoryLister lister) {
    if (snapshot == null) {
      return List.of();
    }
    List<ManifestEntry> live =
        new FileStoreScan(table.manifestFiles(), table.schema().partitionType())
            .withPartitionFilter(partitionFilter)
            .liveEntries(snapshot);
    Map<ManifestEntry, Path> paths = new LinkedHashMap<>();
    Set<Path> dirs = new LinkedHashSet<>();
    for (ManifestEntry e : live) {
      DataFileMeta f = e.file();
      Path path =
          table.dataFilePaths().of(e.partition(), e.bucket(), f.fileName(), f.externalPath());
      paths.put(e, path);
      dirs.add(path.getParent());
    }
    Set<String> existing = new HashSet<>();
    for (FileIO.FileStatusInfo f : lister.filesBelow(new ArrayList<>(dirs), Long.MAX_VALUE)) {
      existing.add(key(f.path()));
    }
    List<Missing> missing = new ArrayList<>();
    paths.forEach(
        (e, path) -> {
          if (!existing.contains(key(path))) {
            missing.add(new Missing(e.partition(), e.bucket(), e.totalBuckets(), e.file(), path));
          }
        });
    return missing;
  }

  /**
   * The commit messages that remove {@code missing} from the table, one per bucket, each with the
   * bucket's deletion vectors rewritten without those of the removed files.
   */
  public List<CommitMessage> removal(Snapshot snapshot, List<Missing> missing) {
    Map<BucketId, List<Missing>> byBucket = new LinkedHashMap<>();
    for (Missing m : missing) {
      byBucket
          .computeIfAbsent(new BucketId(m.partition(), m.bucket()), k -> new ArrayList<>())
          .add(m);
    }
    DeletionFileIndex vectors =
        DeletionFileIndex.of(snapshot, table.manifestFiles(), table.indexFilePaths());
    DeletionVectorIndexFile indexFiles = table.deletionVectorIndexFile();
    List<CommitMessage> messages = new ArrayList<>();
    byBucket.forEach(
        (id, files) -> {
          List<DataFileMeta> removed = files.stream().map(Missing::file).toList();
          DeletionVectorChange dropped =
              BucketDeletionVectors.dropping(
                  vectors,
                  id.partition(),
                  id.bucket(),
                  removed.stream().map(DataFileMeta::fileName).toList(),
                  indexFiles);
          messages.add(
              new CommitMessage(
                  id.partition(),
                  id.bucket(),
                  files.get(0).totalBuckets(),
                  List.of(),
                  removed,
                  List.of(),
                  List.of(),
                  dropped.newIndexFiles(),
                  dropped.deletedIndexFiles()));
        });
    return messages;
  }

  /** A path without scheme and authority: listings and the table's paths may qualify them apart. */
  private static String key(Path path) {
    return Path.getPathWithoutSchemeAndAuthority(path).toString();
  }
}
