package io.strata.core.commit;

import io.strata.core.data.BinaryRow;
import io.strata.core.errors.CoreErrors;
import io.strata.core.index.HashIndexFile;
import io.strata.core.manifest.FileKind;
import io.strata.core.manifest.IndexFileMeta;
import io.strata.core.manifest.IndexManifestEntry;
import io.strata.core.write.BucketId;
import io.strata.core.write.CommitMessage;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Predicate;

/**
 * The next index manifest of a commit that changes dynamic-bucket hash indexes: every live index
 * entry, with the HASH entry of each bucket a message rewrote replaced by its new file (as Paimon's
 * index manifests list all live index files, one HASH file per bucket), and, for an overwrite, the
 * HASH entries of the replaced partitions removed.
 *
 * <p>Conflicts fail the commit instead of duplicating keys: a bucket's live HASH file must still be
 * the one the write started from, and no two messages may rewrite the same bucket.
 */
final class KeyIndexChanges {

  private final String table;

  KeyIndexChanges(String table) {
    this.table = table;
  }

  /** Whether a commit of {@code messages} changes the index manifest at all. */
  static boolean changesIndex(
      List<IndexManifestEntry> live, List<CommitMessage> messages, Predicate<BinaryRow> replaced) {
    if (messages.stream().anyMatch(KeyIndexChanges::hasHashChange)) {
      return true;
    }
    return replaced != null
        && live.stream().anyMatch(e -> isHash(e) && replaced.test(e.partition()));
  }

  /**
   * @param replaced the partitions an overwrite replaces, or null for an append
   */
  List<IndexManifestEntry> apply(
      List<IndexManifestEntry> live, List<CommitMessage> messages, Predicate<BinaryRow> replaced) {
    Map<BucketId, IndexManifestEntry> liveHash = new HashMap<>();
    List<IndexManifestEntry> result = new ArrayList<>();
    for (IndexManifestEntry e : live) {
      if (!isHash(e)) {
        result.add(e);
      } else if (replaced == null || !replaced.test(e.partition())) {
        liveHash.put(new BucketId(e.partition(), e.bucket()), e);
      }
    }
    Map<BucketId, IndexFileMeta> rewritten = new HashMap<>();
    for (CommitMessage m : messages) {
      if (!hasHashChange(m)) {
        continue;
      }
      List<IndexFileMeta> deleted = hashFiles(m.deletedIndexFiles());
      BucketId id = new BucketId(m.partition(), m.bucket());
      if (rewritten.containsKey(id)) {
        throw CoreErrors.dynamicBucketWrittenTwice(table, m.partition().toString(), m.bucket());
      }
      IndexManifestEntry current = liveHash.get(id);
      String before = deleted.isEmpty() ? null : deleted.get(0).fileName();
      String now = current == null ? null : current.indexFile().fileName();
      if (!Objects.equals(before, now)) {
        throw CommitConflictException.keyIndexChanged(table, m.bucket());
      }
      rewritten.put(id, hashFiles(m.newIndexFiles()).get(0));
    }
    rewritten.keySet().forEach(liveHash::remove);
    result.addAll(liveHash.values());
    rewritten.forEach(
        (id, file) ->
            result.add(new IndexManifestEntry(FileKind.ADD, id.partition(), id.bucket(), file)));
    return result;
  }

  private static boolean hasHashChange(CommitMessage m) {
    return !hashFiles(m.newIndexFiles()).isEmpty() || !hashFiles(m.deletedIndexFiles()).isEmpty();
  }

  private static List<IndexFileMeta> hashFiles(List<IndexFileMeta> files) {
    return files.stream().filter(f -> HashIndexFile.HASH.equals(f.indexType())).toList();
  }

  private static boolean isHash(IndexManifestEntry e) {
    return HashIndexFile.HASH.equals(e.indexFile().indexType());
  }
}
