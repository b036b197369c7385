package io.strata.core.io;

import com.github.luben.zstd.ZstdException;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.io.ParquetDecodingException;

/**
 * A metadata or data file exists but cannot be decoded (truncated, garbled, or not what its name
 * says); the message names the file and what to do about it, instead of a parser's stack trace.
 */
public final class CorruptFileException extends IllegalStateException {

  private static final long serialVersionUID = 1L;

  /** The kinds of metadata files, each with the repair that fits it. */
  public enum Kind {
    SNAPSHOT(
        "snapshot",
        "Restore it from a backup; if it is the newest snapshot, CALL sys.rollback to the one"
            + " before makes the table readable again."),
    SCHEMA("schema", "Restore it from a backup: the table's files cannot be read without it."),
    MANIFEST(
        "manifest",
        "Restore it from a backup, or CALL sys.rollback to a snapshot that does not read it."),
    MANIFEST_LIST(
        "manifest list",
        "Restore it from a backup, or CALL sys.rollback to a snapshot that does not read it."),
    INDEX_MANIFEST(
        "index manifest",
        "Restore it from a backup, or CALL sys.rollback to a snapshot that does not read it."),
    DELETION_VECTORS(
        "deletion-vector index",
        "Restore it from a backup: without it the table's deleted rows cannot be hidden."),
    TAG("tag", "Restore it from a backup, or remove the tag with CALL sys.delete_tag."),
    CONSUMER(
        "consumer",
        "Restore it, or set its position again with CALL sys.reset_consumer (NULL removes it)."),
    DATA(
        "data",
        "Restore it from a backup, or CALL sys.rollback to a snapshot from before the commit that"
            + " added it.");

    private final String noun;
    private final String fix;

    Kind(String noun, String fix) {
      this.noun = noun;
      this.fix = fix;
    }
  }

  private CorruptFileException(String message, Throwable cause) {
    super(message, cause);
  }

  /**
   * Whether {@code e}, thrown while reading a Parquet data file's pages, says the file's bytes are
   * damaged: a page header that does not decode, a page Parquet cannot decode, or one zstd cannot
   * decompress (and not, say, a lost connection).
   */
  public static boolean isDamagedData(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof ParquetDecodingException
          || t instanceof ZstdException
          || t.getClass().getName().endsWith(".thrift.TException")
          || t.getClass().getName().endsWith(".thrift.protocol.TProtocolException")) {
        return true;
      }
      if (t.getCause() == t) {
        break;
      }
    }
    return false;
  }

  /** The data file {@code path} could not be decoded because of {@code cause}. */
  public static CorruptFileException ofData(Path path, Throwable cause) {
    Throwable root = cause;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    CorruptFileException e = of(Kind.DATA, path, root);
    if (root != cause) {
      e.addSuppressed(cause);
    }
    return e;
  }

  /** {@code path} of {@code kind} could not be decoded because of {@code cause}. */
  public static CorruptFileException of(Kind kind, Path path, Throwable cause) {
    String reason =
        cause.getMessage() == null ? cause.getClass().getSimpleName() : cause.getMessage();
    reason = reason.lines().findFirst().orElse("").trim();
    if (reason.endsWith(".")) {
      reason = reason.substring(0, reason.length() - 1);
    }
    if (reason.length() > 200) {
      reason = reason.substring(0, 200) + "...";
    }
    return new CorruptFileException(
        "The "
            + kind.noun
            + " file "
            + path
            + " is corrupted (truncated or garbled): "
            + reason
            + ". "
            + kind.fix,
        cause);
  }
}
