package io.strata.core.format;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdCompressCtx;
import com.github.luben.zstd.ZstdDecompressCtx;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.util.Arrays;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.HadoopReadOptions;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.hadoop.CodecFactory;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * The page codecs of one Parquet file reader or writer. Zstandard pages, Paimon's default, are
 * compressed and decompressed in one call per page on byte arrays with a context kept for the file,
 * instead of through Hadoop's codec streams, which set up a native stream per page and copy every
 * page through their buffers. The frames are ordinary zstd frames either way. Other codecs are
 * parquet-hadoop's.
 */
public final class PageCodecs implements CompressionCodecFactory {

  private final Configuration conf;
  private final int pageSize;
  private final int zstdLevel;
  private CodecFactory others;
  private ZstdPageCompressor zstdCompressor;
  private ZstdPageDecompressor zstdDecompressor;

  private PageCodecs(Configuration conf, int pageSize, int zstdLevel) {
    this.conf = conf;
    this.pageSize = pageSize;
    this.zstdLevel = zstdLevel;
  }

  /** Codecs for a file writer; {@code conf} carries the settings of the other codecs. */
  static PageCodecs forWriting(Configuration conf, int pageSize, int zstdLevel) {
    return new PageCodecs(conf, pageSize, zstdLevel);
  }

  /** Read options for one Parquet file reader, with codecs of its own (it releases them). */
  public static ParquetReadOptions.Builder readOptions(Configuration conf) {
    return HadoopReadOptions.builder(conf).withCodecFactory(new PageCodecs(conf, 0, 0));
  }

  @Override
  public BytesInputCompressor getCompressor(CompressionCodecName codec) {
    if (codec != CompressionCodecName.ZSTD) {
      return others().getCompressor(codec);
    }
    if (zstdCompressor == null) {
      zstdCompressor = new ZstdPageCompressor(zstdLevel);
    }
    return zstdCompressor;
  }

  @Override
  public BytesInputDecompressor getDecompressor(CompressionCodecName codec) {
    if (codec != CompressionCodecName.ZSTD) {
      return others().getDecompressor(codec);
    }
    if (zstdDecompressor == null) {
      zstdDecompressor = new ZstdPageDecompressor();
    }
    return zstdDecompressor;
  }

  private CodecFactory others() {
    if (others == null) {
      others = new CodecFactory(conf, pageSize);
    }
    return others;
  }

  @Override
  public void release() {
    if (zstdCompressor != null) {
      zstdCompressor.release();
      zstdCompressor = null;
    }
    if (zstdDecompressor != null) {
      zstdDecompressor.release();
      zstdDecompressor = null;
    }
    if (others != null) {
      others.release();
      others = null;
    }
  }

  /**
   * Compresses a page into a buffer of the thread's: the page writers consume what a compressor
   * returns before they compress another page (parquet-hadoop's own compressors reuse their output
   * too), so every file written on a thread can share it. The page, most often the concatenation of
   * its levels and values, is gathered into the thread's other buffer, not into a new array per
   * page.
   */
  private static final class ZstdPageCompressor implements BytesInputCompressor {
    private final ZstdCompressCtx ctx;

    ZstdPageCompressor(int level) {
      ctx = new ZstdCompressCtx().setLevel(level);
    }

    @Override
    public BytesInput compress(BytesInput bytes) throws IOException {
      Scratch scratch = SCRATCH.get();
      PageBuffer page = scratch.page;
      page.reset(bytes.size());
      bytes.writeAllTo(page);
      int bound = (int) Zstd.compressBound(page.length);
      if (scratch.out.length < bound) {
        scratch.out = new byte[bound];
      }
      byte[] out = scratch.out;
      int written = ctx.compressByteArray(out, 0, out.length, page.bytes, 0, page.length);
      scratch.trim();
      return BytesInput.from(out, 0, written);
    }

    @Override
    public CompressionCodecName getCodecName() {
      return CompressionCodecName.ZSTD;
    }

    @Override
    public void release() {
      ctx.close();
    }
  }

  /**
   * Decompresses a page into a new array of its own: readers keep slices of decompressed pages (a
   * batch's strings are ranges of them).
   */
  private static final class ZstdPageDecompressor implements BytesInputDecompressor {
    private final ZstdDecompressCtx ctx = new ZstdDecompressCtx();

    @Override
    public BytesInput decompress(BytesInput bytes, int uncompressedSize) throws IOException {
      ByteBuffer in = bytes.toByteBuffer();
      byte[] out = new byte[uncompressedSize];
      int read;
      if (in.hasArray()) {
        read =
            ctx.decompressByteArray(
                out,
                0,
                uncompressedSize,
                in.array(),
                in.arrayOffset() + in.position(),
                in.remaining());
      } else {
        read =
            ctx.decompressDirectByteBufferToByteArray(
                out, 0, uncompressedSize, in, in.position(), in.remaining());
      }
      checkSize(read, uncompressedSize);
      return BytesInput.from(out);
    }

    @Override
    public void decompress(
        ByteBuffer input, int compressedSize, ByteBuffer output, int uncompressedSize)
        throws IOException {
      if (input.remaining() < compressedSize) {
        throw new IOException(
            "A zstd page of "
                + compressedSize
                + " bytes is cut short: only "
                + input.remaining()
                + " bytes are left; the file is corrupt.");
      }
      ByteBuffer in = input.duplicate();
      in.limit(in.position() + compressedSize);
      output.put(decompress(BytesInput.from(in), uncompressedSize).toByteArray());
      // consumed, as parquet-hadoop's decompressors leave it
      input.position(input.position() + compressedSize);
    }

    private static void checkSize(int read, int expected) throws IOException {
      if (read != expected) {
        throw new IOException(
            "A zstd page decompressed to "
                + read
                + " bytes where its header promises "
                + expected
                + "; the file is corrupt.");
      }
    }

    @Override
    public void release() {
      ctx.close();
    }
  }

  /** Buffers a thread keeps for compressing pages, the size of the pages it compresses. */
  private static final ThreadLocal<Scratch> SCRATCH = ThreadLocal.withInitial(Scratch::new);

  /** Beyond this a buffer, grown for an unusually large page, is not kept for the next one. */
  private static final int KEPT_BUFFER_LIMIT = 8 << 20;

  private static final class Scratch {
    final PageBuffer page = new PageBuffer();
    byte[] out = new byte[0];

    /** Drops buffers a very large page grew, once their bytes are consumed. */
    void trim() {
      if (out.length > KEPT_BUFFER_LIMIT) {
        out = new byte[0];
      }
      if (page.bytes.length > KEPT_BUFFER_LIMIT) {
        page.bytes = new byte[0];
      }
    }
  }

  /** An output stream into one growable array, reused for page after page. */
  private static final class PageBuffer extends OutputStream {
    private byte[] bytes = new byte[0];
    private int length;

    void reset(long expected) {
      length = 0;
      if (bytes.length < expected) {
        bytes = new byte[(int) expected];
      }
    }

    @Override
    public void write(int b) {
      ensure(1);
      bytes[length++] = (byte) b;
    }

    @Override
    public void write(byte[] b, int off, int len) {
      ensure(len);
      System.arraycopy(b, off, bytes, length, len);
      length += len;
    }

    private void ensure(int more) {
      if (length + more > bytes.length) {
        bytes = Arrays.copyOf(bytes, Math.max(length + more, bytes.length + (bytes.length >> 1)));
      }
    }
  }
}
