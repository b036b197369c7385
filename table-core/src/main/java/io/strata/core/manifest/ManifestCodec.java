package io.strata.core.manifest;

/** STUB. */
public final class ManifestCodec {
  public static byte[] write(java.util.List<ManifestEntry> e, String compression) {
    throw new UnsupportedOperationException();
  }

  public static java.util.List<ManifestEntry> read(java.io.InputStream in) {
    throw new UnsupportedOperationException();
  }
}
