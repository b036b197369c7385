package io.strata.core.format;

import io.strata.core.io.CorruptFileException;
import io.strata.core.types.RowType;
import java.io.IOException;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.function.Function;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.filter2.compat.FilterCompat;
import org.apache.parquet.filter2.predicate.FilterPredicate;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.io.ColumnIOFactory;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.MessageColumnIO;
import org.apache.parquet.io.RecordReader;
import org.apache.parquet.io.SeekableInputStream;
import org.apache.parquet.schema.MessageType;

/**
 * Reads a Parquet data file as {@code Object[]} rows of a read type (canonical values, see {@link
 * io.strata.core.types.DataType}). Columns are matched by name; only requested columns are read; a
 * requested column the file lacks reads NULL. Values are converted from the file's physical layout
 * (e.g. INT96, millisecond or microsecond timestamps).
 */
public final class ParquetRowReader implements CloseableIterator<Object[]> {

  private final ParquetFileReader reader;
  private final MessageType fileSchema;
  private final int width;
  private final MessageColumnIO columnIO;
  private final RowMaterializer materializer;
  private final long totalRows;
  private RecordReader<Object[]> records;
  private long rowsLeftInGroup;
  private long rowsLeftInFile;

  private ParquetRowReader(
      ParquetFileReader reader, RowType readType, Set<Integer> encodedStrings) {
    this.reader = reader;
    this.fileSchema = reader.getFooter().getFileMetaData().getSchema();
    this.width = readType.size();
    this.totalRows = reader.getRecordCount();
    this.rowsLeftInFile = totalRows;
    MessageType requested = ParquetProjection.requestedSchema(fileSchema, readType);
    if (requested.getFieldCount() == 0) {
      this.columnIO = null;
      this.materializer = null;
    } else {
      reader.setRequestedSchema(requested);
      String createdBy = reader.getFooter().getFileMetaData().getCreatedBy();
      this.columnIO = new ColumnIOFactory(createdBy).getColumnIO(requested, fileSchema, true);
      this.materializer = new RowMaterializer(requested, readType, encodedStrings);
    }
  }

  /** Opens {@code path} on {@code fs} (its raw file system, bypassing checksums). */
  public static ParquetRowReader open(FileSystem fs, Path path, RowType readType)
      throws IOException {
    return open(HadoopFiles.inputFile(fs, path), confOf(fs), readType);
  }

  /** Opens {@code path} of a known length (saves a file status call). */
  public static ParquetRowReader open(FileSystem fs, Path path, long length, RowType readType)
      throws IOException {
    return openEncodingStrings(fs, path, length, readType, Set.of());
  }

  /**
   * Opens {@code path} of a known length; the top-level string fields whose ids are in {@code
   * encodedStrings} read as their UTF-8 bytes (Parquet {@code Binary}), which the Parquet writer
   * takes as they are: for rows that are rewritten without looking at those values.
   */
  public static ParquetRowReader openEncodingStrings(
      FileSystem fs, Path path, long length, RowType readType, Set<Integer> encodedStrings)
      throws IOException {
    return open(
        ParquetFileReader.open(
            HadoopFiles.inputFile(fs, path, length), PageCodecs.readOptions(confOf(fs)).build()),
        readType,
        encodedStrings);
  }

  /**
   * Opens {@code path} of a known length, skipping the row groups whose statistics or dictionaries
   * prove that no row matches the predicate {@code rowGroups} makes of the file's schema (null:
   * read every row group). Rows of the row groups read are not filtered.
   */
  public static ParquetRowReader open(
      FileSystem fs,
      Path path,
      long length,
      RowType readType,
      Function<MessageType, FilterPredicate> rowGroups)
      throws IOException {
    InputFile file = HadoopFiles.inputFile(fs, path, length);
    ParquetReadOptions.Builder options = PageCodecs.readOptions(confOf(fs));
    SeekableInputStream stream = file.newStream();
    ParquetFileReader reader;
    try {
      ParquetMetadata footer = ParquetFileReader.readFooter(file, options.build(), stream);
      FilterPredicate predicate = rowGroups.apply(footer.getFileMetaData().getSchema());
      if (predicate != null) {
        options
            .withRecordFilter(FilterCompat.get(predicate))
            .useStatsFilter(true)
            .useDictionaryFilter(true)
            .useRecordFilter(false)
            .useColumnIndexFilter(false);
      }
      reader = new ParquetFileReader(file, footer, options.build(), stream);
    } catch (IOException | RuntimeException e) {
      stream.close();
      throw e;
    }
    return open(reader, readType, Set.of());
  }

  /** Opens any Parquet input file. */
  public static ParquetRowReader open(InputFile file, Configuration conf, RowType readType)
      throws IOException {
    return open(
        ParquetFileReader.open(file, PageCodecs.readOptions(conf).build()), readType, Set.of());
  }

  private static ParquetRowReader open(
      ParquetFileReader reader, RowType readType, Set<Integer> encodedStrings) throws IOException {
    try {
      return new ParquetRowReader(reader, readType, encodedStrings);
    } catch (RuntimeException e) {
      reader.close();
      throw e;
    }
  }

  private static Configuration confOf(FileSystem fs) {
    return fs.getConf() == null ? new Configuration(false) : fs.getConf();
  }

  /** The file's full Parquet schema. */
  public MessageType fileSchema() {
    return fileSchema;
  }

  /** Number of rows in the file. */
  public long rowCount() {
    return totalRows;
  }

  @Override
  public boolean hasNext() {
    if (rowsLeftInFile <= 0) {
      return false;
    }
    if (columnIO == null) {
      return true;
    }
    try {
      while (rowsLeftInGroup == 0) {
        PageReadStore pages = reader.readNextRowGroup();
        if (pages == null) {
          rowsLeftInFile = 0;
          return false;
        }
        rowsLeftInGroup = pages.getRowCount();
        records = columnIO.getRecordReader(pages, materializer, FilterCompat.NOOP);
      }
    } catch (IOException e) {
      if (CorruptFileException.isDamagedData(e)) {
        throw CorruptFileException.ofData(new org.apache.hadoop.fs.Path(reader.getFile()), e);
      }
      throw new java.io.UncheckedIOException("Cannot read " + reader.getFile(), e);
    } catch (RuntimeException e) {
      throw damaged(e);
    }
    return true;
  }

  /** {@code e}, or the damaged file named when {@code e} says its bytes cannot be decoded. */
  private RuntimeException damaged(RuntimeException e) {
    return CorruptFileException.isDamagedData(e)
        ? CorruptFileException.ofData(new org.apache.hadoop.fs.Path(reader.getFile()), e)
        : e;
  }

  @Override
  public Object[] next() {
    if (!hasNext()) {
      throw new NoSuchElementException();
    }
    rowsLeftInFile--;
    if (columnIO == null) {
      return new Object[width];
    }
    rowsLeftInGroup--;
    try {
      return records.read();
    } catch (RuntimeException e) {
      throw damaged(e);
    }
  }

  @Override
  public void close() throws IOException {
    reader.close();
  }
}
