package io.strata.core.deletion;

import io.strata.core.manifest.IndexFileMeta;
import java.io.Serializable;
import java.util.List;

/**
 * How a write changes one bucket's deletion vectors: the index file it wrote (none when no vector
 * is left) and every index file the bucket had when the write started, which the new one replaces.
 * Goes into {@code CommitMessage}'s {@code newIndexFiles} / {@code deletedIndexFiles}; the commit
 * fails when the bucket's live index files are no longer exactly {@code deletedIndexFiles}.
 */
public record DeletionVectorChange(
    List<IndexFileMeta> newIndexFiles, List<IndexFileMeta> deletedIndexFiles)
    implements Serializable {

  public static final DeletionVectorChange NONE = new DeletionVectorChange(List.of(), List.of());

  public DeletionVectorChange {
    newIndexFiles = List.copyOf(newIndexFiles);
    deletedIndexFiles = List.copyOf(deletedIndexFiles);
  }

  public boolean isEmpty() {
    return newIndexFiles.isEmpty() && deletedIndexFiles.isEmpty();
  }
}
