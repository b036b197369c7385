package io.strata.core.write;

import com.github.luben.zstd.ZstdInputStream;
import com.github.luben.zstd.ZstdOutputStream;
import io.strata.core.options.SpillCompression;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import net.jpountz.lz4.LZ4BlockInputStream;
import net.jpountz.lz4.LZ4BlockOutputStream;

/**
 * How spilled runs are compressed ({@code spill-compression}, {@code
 * spill-compression.zstd-level}): streams around a spill file's, with the libraries Spark ships
 * (zstd-jni, lz4-java). Spilled files are private to the task that writes them, so only this class
 * needs to read what it wrote.
 *
 * @param compression the codec
 * @param zstdLevel the zstd level, used only by zstd
 */
record SpillCodec(SpillCompression compression, int zstdLevel) {

  static final SpillCodec NONE = new SpillCodec(SpillCompression.NONE, 1);

  /** Wraps a spill file's output stream; closing the result closes {@code out}. */
  OutputStream compress(OutputStream out) throws IOException {
    return switch (compression) {
      case NONE -> out;
      case LZ4 -> new LZ4BlockOutputStream(out);
      case ZSTD -> new ZstdOutputStream(out, zstdLevel);
    };
  }

  /** Wraps a spill file's input stream; closing the result closes {@code in}. */
  InputStream decompress(InputStream in) throws IOException {
    return switch (compression) {
      case NONE -> in;
      case LZ4 -> new LZ4BlockInputStream(in);
      case ZSTD -> new ZstdInputStream(in);
    };
  }
}
