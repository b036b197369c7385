package io.strata.core.commit;

import io.strata.core.data.BinaryRow;
import io.strata.core.errors.CoreErrors;
import io.strata.core.manifest.DataFileMeta;
import io.strata.core.manifest.FileKind;
import io.strata.core.manifest.IndexFileMeta;
import io.strata.core.manifest.IndexManifestEntry;
import io.strata.core.write.BucketId;
import io.strata.core.write.CommitMessage;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * The deletion-vector entries of a commit's next index manifest, and the checks that keep every
 * deletion: a bucket's vectors change only through a message that replaces exactly the bucket's
 * live deletion-vector index files with one new file (so a concurrent change of the bucket's
 * vectors fails this commit); a message that removes a data file with a vector must replace the
 * index file holding it (so a compaction never drops rows deleted after it read the file); and a
 * new index file names only data files live after the commit (so a vector never lands on a file a
 * concurrent compaction removed). An overwrite drops the vectors of the partitions it replaces.
 */
final class DeletionVectorChanges {

  private final String table;

  DeletionVectorChanges(String table) {
    this.table = table;
  }

  /** Whether a commit of {@code messages} changes the deletion vectors in the index manifest. */
  static boolean changesIndex(
      List<IndexManifestEntry> live, List<CommitMessage> messages, Predicate<BinaryRow> replaced) {
    if (messages.stream().anyMatch(DeletionVectorChanges::hasChange)) {
      return true;
    }
    return replaced != null
        && live.stream().anyMatch(e -> isDeletionVectors(e) && replaced.test(e.partition()));
  }

  /**
   * Fails when a message removes a data file whose live vector lies in an index file the message
   * does not replace, unless it adds the same file again. Overwrites are exempt: they drop the
   * vectors with the partitions.
   */
  void checkRemovedFiles(List<IndexManifestEntry> live, List<CommitMessage> messages) {
    Map<BucketId, Map<String, String>> vectorFiles = vectorFiles(live);
    for (CommitMessage m : messages) {
      Map<String, String> byDataFile = vectorFiles.get(new BucketId(m.partition(), m.bucket()));
      if (byDataFile == null) {
        continue;
      }
      Set<String> replacedIndexFiles = names(deletionVectorFiles(m.deletedIndexFiles()));
      // A file removed and added again (a new file index) keeps its rows and so its vector.
      Set<String> readded = new HashSet<>();
      m.newFiles().forEach(f -> readded.add(f.fileName()));
      for (DataFileMeta f : m.deletedFiles()) {
        if (readded.contains(f.fileName())) {
          continue;
        }
        String indexFile = byDataFile.get(f.fileName());
        if (indexFile != null && !replacedIndexFiles.contains(indexFile)) {
          throw CommitConflictException.deletionVectorsChanged(table, f.fileName(), m.bucket());
        }
      }
    }
  }

  /**
   * The index manifest entries after the commit: {@code entries} with the deletion-vector files of
   * replaced partitions removed and each changed bucket's files swapped for its new one.
   *
   * @param replaced the partitions an overwrite replaces, or null for an append
   * @param liveAfter the data files of each bucket live after the commit
   */
  List<IndexManifestEntry> apply(
      List<IndexManifestEntry> entries,
      List<CommitMessage> messages,
      Predicate<BinaryRow> replaced,
      Map<BucketId, Set<String>> liveAfter) {
    Map<BucketId, List<IndexManifestEntry>> liveByBucket = new HashMap<>();
    List<IndexManifestEntry> result = new ArrayList<>();
    for (IndexManifestEntry e : entries) {
      if (!isDeletionVectors(e)) {
        result.add(e);
      } else if (replaced == null || !replaced.test(e.partition())) {
        liveByBucket
            .computeIfAbsent(new BucketId(e.partition(), e.bucket()), k -> new ArrayList<>())
            .add(e);
      }
    }
    Set<BucketId> changed = new HashSet<>();
    List<IndexManifestEntry> added = new ArrayList<>();
    for (CommitMessage m : messages) {
      if (!hasChange(m)) {
        continue;
      }
      BucketId id = new BucketId(m.partition(), m.bucket());
      if (!changed.add(id)) {
        throw CoreErrors.deletionVectorsWrittenTwice(table, m.partition().toString(), m.bucket());
      }
      Set<String> live =
          names(
              liveByBucket.getOrDefault(id, List.of()).stream()
                  .map(IndexManifestEntry::indexFile)
                  .toList());
      if (!live.equals(names(deletionVectorFiles(m.deletedIndexFiles())))) {
        throw CommitConflictException.deletionVectorsChanged(table, null, m.bucket());
      }
      for (IndexFileMeta file : deletionVectorFiles(m.newIndexFiles())) {
        checkDataFilesLive(file, liveAfter.getOrDefault(id, Set.of()), m.bucket());
        added.add(new IndexManifestEntry(FileKind.ADD, id.partition(), id.bucket(), file));
      }
    }
    changed.forEach(liveByBucket::remove);
    liveByBucket.values().forEach(result::addAll);
    result.addAll(added);
    return result;
  }

  private void checkDataFilesLive(IndexFileMeta file, Set<String> live, int bucket) {
    for (IndexFileMeta.DeletionVectorRange r : file.deletionVectorRanges()) {
      if (!live.contains(r.dataFileName())) {
        throw CommitConflictException.deletionVectorFileRemoved(table, r.dataFileName(), bucket);
      }
    }
  }

  /** Whether a commit must know the live data files for {@link #apply}. */
  static boolean needsLiveFiles(List<CommitMessage> messages) {
    return messages.stream().anyMatch(DeletionVectorChanges::hasChange);
  }

  private static Map<BucketId, Map<String, String>> vectorFiles(List<IndexManifestEntry> live) {
    Map<BucketId, Map<String, String>> result = new HashMap<>();
    for (IndexManifestEntry e : live) {
      if (!isDeletionVectors(e) || e.indexFile().deletionVectorRanges() == null) {
        continue;
      }
      Map<String, String> byDataFile =
          result.computeIfAbsent(new BucketId(e.partition(), e.bucket()), k -> new HashMap<>());
      for (IndexFileMeta.DeletionVectorRange r : e.indexFile().deletionVectorRanges()) {
        byDataFile.put(r.dataFileName(), e.indexFile().fileName());
      }
    }
    return result;
  }

  private static boolean hasChange(CommitMessage m) {
    return !deletionVectorFiles(m.newIndexFiles()).isEmpty()
        || !deletionVectorFiles(m.deletedIndexFiles()).isEmpty();
  }

  private static List<IndexFileMeta> deletionVectorFiles(List<IndexFileMeta> files) {
    return files.stream()
        .filter(f -> IndexFileMeta.DELETION_VECTORS.equals(f.indexType()))
        .toList();
  }

  private static Set<String> names(List<IndexFileMeta> files) {
    return files.stream().map(IndexFileMeta::fileName).collect(Collectors.toSet());
  }

  private static boolean isDeletionVectors(IndexManifestEntry e) {
    return IndexFileMeta.DELETION_VECTORS.equals(e.indexFile().indexType());
  }
}
