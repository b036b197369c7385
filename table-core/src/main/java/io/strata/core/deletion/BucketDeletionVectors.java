package io.strata.core.deletion;

import io.strata.core.data.BinaryRow;
import io.strata.core.io.FileIO;
import io.strata.core.manifest.FileKind;
import io.strata.core.manifest.IndexFileMeta;
import io.strata.core.manifest.IndexManifestEntry;
import io.strata.core.paths.TablePaths;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The deletion vectors of one (partition, bucket) while a writer or compaction changes them: those
 * of the snapshot it started from, rows it marks deleted, and vectors of files it compacted away
 * dropped. When something changed, all vectors of the bucket are written to a new index file that
 * replaces {@link #restoredIndexFiles()}, as Paimon keeps them.
 */
public final class BucketDeletionVectors {

  private final List<IndexFileMeta> restoredIndexFiles;
  private final Map<String, BitSet> vectors;
  private boolean changed;

  private BucketDeletionVectors(List<IndexFileMeta> restored, Map<String, BitSet> vectors) {
    this.restoredIndexFiles = List.copyOf(restored);
    this.vectors = vectors;
  }

  /** A bucket without deletion vectors yet. */
  public static BucketDeletionVectors empty(BinaryRow partition, int bucket) {
    return new BucketDeletionVectors(List.of(), new LinkedHashMap<>());
  }

  /**
   * The vectors of {@code partition}'s {@code bucket} in a snapshot whose index manifest lists
   * {@code liveEntries} (only ADD entries of live files, as index manifests hold).
   */
  public static BucketDeletionVectors restore(
      FileIO fileIO,
      TablePaths paths,
      BinaryRow partition,
      int bucket,
      List<IndexManifestEntry> liveEntries) {
    List<IndexManifestEntry> mine = new ArrayList<>();
    List<IndexFileMeta> files = new ArrayList<>();
    for (IndexManifestEntry e : liveEntries) {
      if (e.kind() == FileKind.ADD
          && e.bucket() == bucket
          && e.partition().equals(partition)
          && IndexFileMeta.DELETION_VECTORS.equals(e.indexFile().indexType())) {
        mine.add(e);
        files.add(e.indexFile());
      }
    }
    Map<String, BitSet> vectors = new LinkedHashMap<>();
    DeletionFileIndex index = DeletionFileIndex.of(mine, paths);
    DeletionVectorReader reader = new DeletionVectorReader(fileIO);
    for (IndexFileMeta f : files) {
      for (IndexFileMeta.DeletionVectorRange r : f.deletionVectorRanges()) {
        DeletionFile file = index.lookup(partition, bucket, r.dataFileName());
        vectors.put(r.dataFileName(), reader.read(file).positionsCopy());
      }
    }
    return new BucketDeletionVectors(files, vectors);
  }

  /** The current vector of a data file (a live view), {@link DeletionVector#EMPTY} for none. */
  public DeletionVector vector(String dataFileName) {
    BitSet bits = vectors.get(dataFileName);
    return bits == null ? DeletionVector.EMPTY : new DeletionVector(bits);
  }

  /** Marks the row at {@code position} of a data file deleted. */
  public void delete(String dataFileName, long position) {
    vectors.computeIfAbsent(dataFileName, k -> new BitSet()).set(Math.toIntExact(position));
    changed = true;
  }

  /** Drops the vector of a data file that no longer exists (compacted away). */
  public void removeDataFile(String dataFileName) {
    if (vectors.remove(dataFileName) != null) {
      changed = true;
    }
  }

  /** Whether the bucket's vectors differ from the restored ones. */
  public boolean changed() {
    return changed;
  }

  /** The index files the vectors were restored from, which a changed bucket replaces. */
  public List<IndexFileMeta> restoredIndexFiles() {
    return restoredIndexFiles;
  }

  /** The non-empty vectors, by data file name, in the order files got them. */
  public Map<String, BitSet> vectors() {
    Map<String, BitSet> result = new LinkedHashMap<>();
    vectors.forEach(
        (name, bits) -> {
          if (!bits.isEmpty()) {
            result.put(name, bits);
          }
        });
    return result;
  }
}
