package io.strata.core.paths;

import org.apache.hadoop.fs.Path;

/**
 * A path that would leave the directory an operation must stay in, or a file name from metadata
 * that is not one plain file name; nothing was read, written or deleted there.
 */
public final class UnsafePathException extends IllegalStateException {

  private static final long serialVersionUID = 1L;

  private static final String FIX =
      " A snapshot, manifest or other metadata file names a path that escapes the table (corrupted"
          + " or edited by hand). Restore that file, or roll the table back to a snapshot before"
          + " it.";

  private UnsafePathException(String message) {
    super(message);
  }

  static UnsafePathException outside(String action, Path path, Path root) {
    return new UnsafePathException(
        "Refusing to "
            + action
            + " "
            + path
            + ": it is not below "
            + root
            + ", the only directory this operation may change; nothing was changed there."
            + FIX);
  }

  static UnsafePathException notPlainFileName(String what, String name, String rule) {
    return new UnsafePathException(
        "Refusing the "
            + what
            + " name "
            + Names.quote(name)
            + ": "
            + rule
            + ", so it is not one plain file name inside the table."
            + FIX);
  }
}
