package io.strata.core.manifest;

/** STUB. */
public final class ManifestListCodec {
  public static byte[] write(java.util.List<ManifestFileMeta> e, String compression) {
    throw new UnsupportedOperationException();
  }

  public static java.util.List<ManifestFileMeta> read(java.io.InputStream in) {
    throw new UnsupportedOperationException();
  }
}
