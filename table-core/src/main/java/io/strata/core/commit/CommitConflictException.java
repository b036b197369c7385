package io.strata.core.commit;

/**
 * A commit cannot apply on the latest snapshot (a file it replaces is gone); nothing was written.
 */
public final class CommitConflictException extends RuntimeException {

  public CommitConflictException(String message) {
    super(message);
  }
}
