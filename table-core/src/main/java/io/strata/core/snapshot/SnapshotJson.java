package io.strata.core.snapshot;

/** STUB. */
public final class SnapshotJson {
  public static String toJson(Snapshot s) {
    throw new UnsupportedOperationException();
  }

  public static Snapshot fromJson(String s) {
    throw new UnsupportedOperationException();
  }
}
