package io.strata.core.deletion;

import io.strata.core.data.BinaryRow;
import io.strata.core.manifest.IndexFileMeta;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The deletion vectors of one bucket while a write changes them: loaded from the bucket's live
 * index files, new deleted positions merged in (a union, so nothing already deleted comes back),
 * vectors of data files the write removes dropped, then written as one new index file that replaces
 * all of the bucket's previous ones.
 *
 * <p>Example: the bucket has {@code index-a} with {a.parquet: {1}} and {@code index-b} with
 * {b.parquet: {4}}; a DELETE marks a.parquet row 7 and a compaction removes b.parquet; {@link
 * #write} returns a change adding {@code index-c} with {a.parquet: {1, 7}} and deleting {@code
 * index-a} and {@code index-b}.
 */
public final class BucketDeletionVectors {

  private final BinaryRow partition;
  private final int bucket;
  private final List<IndexFileMeta> baseFiles;
  private final Map<String, DeletionBitmap> vectors;
  private boolean changed;

  private BucketDeletionVectors(
      BinaryRow partition,
      int bucket,
      List<IndexFileMeta> baseFiles,
      Map<String, DeletionBitmap> vectors) {
    this.partition = partition;
    this.bucket = bucket;
    this.baseFiles = List.copyOf(baseFiles);
    this.vectors = vectors;
  }

  /** The bucket's vectors as {@code index} (of the snapshot the write starts from) lists them. */
  public static BucketDeletionVectors load(
      DeletionFileIndex index, BinaryRow partition, int bucket, DeletionVectorIndexFile files) {
    List<IndexFileMeta> baseFiles = index.indexFiles(partition, bucket);
    Map<String, DeletionFile> current = index.deletionFiles(partition, bucket);
    Map<String, DeletionBitmap> vectors = new TreeMap<>();
    for (IndexFileMeta file : baseFiles) {
      String path = files.path(partition, bucket, file).toString();
      for (Map.Entry<String, DeletionVector> e :
          files.readAll(partition, bucket, file).entrySet()) {
        DeletionFile live = current.get(e.getKey());
        // With several index files naming one data file, the index's choice is the live one.
        if (live != null && live.path().equals(path)) {
          vectors.put(e.getKey(), DeletionBitmap.copyOf(e.getValue()));
        }
      }
    }
    return new BucketDeletionVectors(partition, bucket, baseFiles, vectors);
  }

  /**
   * The change dropping the vectors of a bucket's {@code removed} data files, for a compaction that
   * rewrote them without their deleted rows; {@link DeletionVectorChange#NONE} when none had one.
   */
  public static DeletionVectorChange dropping(
      DeletionFileIndex index,
      BinaryRow partition,
      int bucket,
      Collection<String> removed,
      DeletionVectorIndexFile files) {
    Map<String, DeletionFile> current = index.deletionFiles(partition, bucket);
    if (removed.stream().noneMatch(current::containsKey)) {
      return DeletionVectorChange.NONE;
    }
    BucketDeletionVectors vectors = load(index, partition, bucket, files);
    removed.forEach(vectors::removeDataFile);
    return vectors.write(files);
  }

  /** A bucket without deletion vectors yet. */
  public static BucketDeletionVectors empty(BinaryRow partition, int bucket) {
    return new BucketDeletionVectors(partition, bucket, List.of(), new TreeMap<>());
  }

  public BinaryRow partition() {
    return partition;
  }

  public int bucket() {
    return bucket;
  }

  /** The deleted positions of {@code dataFile} (a copy), empty when none. */
  public DeletionVector vector(String dataFile) {
    DeletionBitmap bitmap = vectors.get(dataFile);
    return bitmap == null ? DeletionVector.EMPTY : bitmap.toVector();
  }

  /** The data files that have deleted positions. */
  public Set<String> dataFiles() {
    return Collections.unmodifiableSet(vectors.keySet());
  }

  /** Marks row {@code position} of {@code dataFile} deleted. */
  public void delete(String dataFile, long position) {
    vectors.computeIfAbsent(dataFile, f -> new DeletionBitmap()).add(position);
    changed = true;
  }

  /** Marks every position of {@code positions} of {@code dataFile} deleted. */
  public void delete(String dataFile, DeletionBitmap positions) {
    if (positions.isEmpty()) {
      return;
    }
    vectors.computeIfAbsent(dataFile, f -> new DeletionBitmap()).addAll(positions);
    changed = true;
  }

  /** Drops the vector of a data file the write removes (compacted or rewritten away). */
  public void removeDataFile(String dataFile) {
    if (vectors.remove(dataFile) != null) {
      changed = true;
    }
  }

  /** Whether {@link #write} has anything to write. */
  public boolean changed() {
    return changed;
  }

  /**
   * Writes the bucket's vectors into one new index file replacing all of its previous ones.
   *
   * @return {@link DeletionVectorChange#NONE} when nothing changed
   */
  public DeletionVectorChange write(DeletionVectorIndexFile files) {
    if (!changed) {
      return DeletionVectorChange.NONE;
    }
    IndexFileMeta written = files.write(partition, bucket, vectors);
    List<IndexFileMeta> added = new ArrayList<>();
    if (written != null) {
      added.add(written);
    }
    return new DeletionVectorChange(added, baseFiles);
  }
}
