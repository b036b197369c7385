package io.strata.core.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.core.types.DataField;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.parquet.HadoopReadOptions;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.page.DataPage;
import org.apache.parquet.column.page.DataPageV1;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.column.page.PageReader;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.hadoop.CodecFactory;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Strata compresses and decompresses zstd pages in one call each, not through Hadoop's codec
 * streams. Either side must read what the other wrote, page for page, and other codecs still work.
 */
class PageCodecsTest {

  @TempDir Path tmp;

  static final RowType TYPE =
      new RowType(
          List.of(
              new DataField(0, "id", DataTypes.BIGINT().notNull()),
              new DataField(1, "s", DataTypes.STRING())));

  static List<Object[]> rows(int n) {
    List<Object[]> rows = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      rows.add(new Object[] {(long) i * 31, i % 11 == 0 ? null : "value " + i + " ü"});
    }
    return rows;
  }

  Path write(String compression) throws IOException {
    ParquetWriteOptions d = ParquetWriteOptions.defaults();
    ParquetWriteOptions options =
        new ParquetWriteOptions(
            compression,
            3,
            d.statsMode(),
            d.fieldStatsModes(),
            d.rowGroupSize(),
            16 << 10, // many pages
            d.dictionary(),
            d.writeBatchSize(),
            Map.of());
    Path file = tmp.resolve(compression + ".parquet");
    try (ParquetRowWriter writer =
        ParquetRowWriter.create(TestFiles.fs(), TestFiles.hadoopPath(file), TYPE, options)) {
      for (Object[] row : rows(100_000)) {
        writer.write(row);
      }
      writer.finish();
    }
    return file;
  }

  @Test
  void parquetHadoopsCodecsReadStrataZstdPagesAsStrataDoes() throws IOException {
    Path file = write("zstd");
    Configuration conf = new Configuration(false);
    List<byte[]> stock = pages(file, HadoopReadOptions.builder(conf).build());
    List<byte[]> strata = pages(file, PageCodecs.readOptions(conf).build());
    assertThat(stock).hasSizeGreaterThan(10);
    assertThat(strata).hasSameSizeAs(stock);
    for (int i = 0; i < stock.size(); i++) {
      assertThat(strata.get(i)).isEqualTo(stock.get(i));
    }
    assertThat(TestValues.normalizeRows(TestFiles.readAll(file, TYPE)))
        .isEqualTo(TestValues.normalizeRows(rows(100_000)));
  }

  @Test
  void strataReadsPagesParquetHadoopCompressedThroughItsStreams() throws IOException {
    Configuration conf = new Configuration(false);
    CodecFactory stock = new CodecFactory(conf, 1 << 20);
    PageCodecs strata = PageCodecs.forWriting(conf, 1 << 20, 1);
    try {
      byte[] page =
          ("page of text, page of text, " + "x".repeat(5000)).getBytes(StandardCharsets.UTF_8);
      BytesInput stockCompressed =
          BytesInput.copy(
              stock.getCompressor(CompressionCodecName.ZSTD).compress(BytesInput.from(page)));
      BytesInput strataCompressed =
          BytesInput.copy(
              strata.getCompressor(CompressionCodecName.ZSTD).compress(BytesInput.from(page)));
      CompressionCodecFactory.BytesInputDecompressor strataReads =
          strata.getDecompressor(CompressionCodecName.ZSTD);
      CompressionCodecFactory.BytesInputDecompressor stockReads =
          stock.getDecompressor(CompressionCodecName.ZSTD);
      assertThat(strataReads.decompress(stockCompressed, page.length).toByteArray())
          .isEqualTo(page);
      assertThat(stockReads.decompress(strataCompressed, page.length).toByteArray())
          .isEqualTo(page);

      // the buffer variant consumes its input and fills the output
      ByteBuffer in = ByteBuffer.wrap(strataCompressed.toByteArray());
      ByteBuffer out = ByteBuffer.allocate(page.length);
      strataReads.decompress(in, in.remaining(), out, page.length);
      assertThat(in.remaining()).isZero();
      assertThat(out.array()).isEqualTo(page);

      assertThatThrownBy(() -> strataReads.decompress(strataCompressed, page.length + 1))
          .isInstanceOf(IOException.class)
          .hasMessageContaining("the file is corrupt");
    } finally {
      stock.release();
      strata.release();
    }
  }

  @Test
  void otherCodecsAreParquetHadoops() throws IOException {
    for (String compression : List.of("snappy", "gzip", "none")) {
      Path file = write(compression);
      assertThat(TestValues.normalizeRows(TestFiles.readAll(file, TYPE)))
          .as(compression)
          .isEqualTo(TestValues.normalizeRows(rows(100_000)));
    }
  }

  /** Every data page of every column, decompressed with the given read options. */
  private static List<byte[]> pages(Path file, ParquetReadOptions options) throws IOException {
    FileSystem fs = HadoopFiles.withoutChecksums(TestFiles.fs());
    List<byte[]> pages = new ArrayList<>();
    try (ParquetFileReader reader =
        ParquetFileReader.open(HadoopFiles.inputFile(fs, TestFiles.hadoopPath(file)), options)) {
      PageReadStore group;
      while ((group = reader.readNextRowGroup()) != null) {
        for (ColumnDescriptor column :
            reader.getFooter().getFileMetaData().getSchema().getColumns()) {
          PageReader pageReader = group.getPageReader(column);
          DictionaryPage dictionary = pageReader.readDictionaryPage();
          if (dictionary != null) {
            pages.add(dictionary.getBytes().toByteArray());
          }
          DataPage page;
          while ((page = pageReader.readPage()) != null) {
            pages.add(((DataPageV1) page).getBytes().toByteArray());
          }
        }
      }
    }
    return pages;
  }
}
