package io.strata.core.format;

import io.strata.core.io.CorruptFileException;
import io.strata.core.types.DataField;
import io.strata.core.types.DataType;
import io.strata.core.types.RowType;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.bytes.ByteBufferInputStream;
import org.apache.parquet.bytes.BytesUtils;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Dictionary;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.ValuesType;
import org.apache.parquet.column.page.DataPage;
import org.apache.parquet.column.page.DataPageV1;
import org.apache.parquet.column.page.DataPageV2;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.column.page.PageReader;
import org.apache.parquet.column.values.ValuesReader;
import org.apache.parquet.column.values.rle.RunLengthBitPackingHybridDecoder;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.ColumnPath;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.ParquetDecodingException;
import org.apache.parquet.io.SeekableInputStream;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.DecimalLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimeLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimestampLogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.Type;

/**
 * Reads a Parquet file of flat rows into {@link ColumnBatch}es, page by page and column by column:
 * values go from the decoded pages into primitive arrays, with no record assembly and no object per
 * value (strings excepted: one {@code Binary} each, shared with the page). Only files whose columns
 * are all top-level primitives of the physical type each kind is written in can be read so; {@link
 * #open} says null for the others.
 */
public final class ParquetBatchReader implements Closeable {

  private final ParquetFileReader reader;
  private final ColumnBatch.Kind[] kinds;
  private final ColumnDescriptor[] columns;
  private ColumnPages[] readers;
  private long rowsLeftInGroup;
  private boolean closed;

  private ParquetBatchReader(
      ParquetFileReader reader, MessageType requested, ColumnBatch.Kind[] kinds) {
    this.reader = reader;
    this.kinds = kinds;
    this.columns = requested.getColumns().toArray(new ColumnDescriptor[0]);
    reader.setRequestedSchema(requested);
  }

  /**
   * Opens {@code path} (of a known length) for reading the columns of {@code readType} by name, or
   * returns null (the file closed again) when the file lacks one of them or holds one in another
   * physical layout than a batch reads.
   */
  public static ParquetBatchReader open(FileSystem fs, Path path, long length, RowType readType)
      throws IOException {
    Checked file = check(fs, path, length, readType);
    return file == null ? null : file.open();
  }

  /**
   * Reads the footer of {@code path} and checks that its columns of {@code readType} can be read
   * into batches; null when they cannot. The file is not kept open: {@link Checked#open} opens it
   * with the footer read here, so that a merge of many files holds one open file per sorted run.
   */
  public static Checked check(FileSystem fs, Path path, long length, RowType readType)
      throws IOException {
    ColumnBatch.Kind[] kinds = ColumnBatch.kindsOf(readType);
    if (kinds == null) {
      return null;
    }
    Configuration conf = fs.getConf() == null ? new Configuration(false) : fs.getConf();
    ParquetMetadata footer;
    try (ParquetFileReader reader =
        ParquetFileReader.open(
            HadoopFiles.inputFile(fs, path, length), PageCodecs.readOptions(conf).build())) {
      footer = reader.getFooter();
    }
    MessageType fileSchema = footer.getFileMetaData().getSchema();
    for (int i = 0; i < kinds.length; i++) {
      String name = readType.field(i).name();
      if (!fileSchema.containsField(name)
          || !readable(fileSchema.getType(name), readType.typeAt(i), kinds[i])) {
        return null;
      }
    }
    MessageType requested = ParquetProjection.requestedSchema(fileSchema, readType);
    return new Checked(fs, path, length, conf, footer, requested, kinds);
  }

  /** A file whose columns read into batches, with its footer; opened when its rows are wanted. */
  public static final class Checked {
    private final FileSystem fs;
    private final Path path;
    private final long length;
    private final Configuration conf;
    private final ParquetMetadata footer;
    private final MessageType requested;
    private final ColumnBatch.Kind[] kinds;

    private Checked(
        FileSystem fs,
        Path path,
        long length,
        Configuration conf,
        ParquetMetadata footer,
        MessageType requested,
        ColumnBatch.Kind[] kinds) {
      this.fs = fs;
      this.path = path;
      this.length = length;
      this.conf = conf;
      this.footer = footer;
      this.requested = requested;
      this.kinds = kinds;
    }

    public Path path() {
      return path;
    }

    /** Opens the file for reading, without reading its footer again. */
    public ParquetBatchReader open() throws IOException {
      InputFile input = HadoopFiles.inputFile(fs, path, length);
      SeekableInputStream stream = input.newStream();
      try {
        ParquetFileReader reader =
            new ParquetFileReader(input, footer, PageCodecs.readOptions(conf).build(), stream);
        return new ParquetBatchReader(reader, requested, kinds);
      } catch (IOException | RuntimeException e) {
        stream.close();
        throw e;
      }
    }

    /**
     * Whether a row group of the file holds a dictionary page for column {@code column} (of the
     * read type), i.e. its writer kept a dictionary for at least the first page; false for a file
     * without rows.
     */
    public boolean hasDictionaryPages(int column) {
      ColumnPath columnPath = ColumnPath.get(requested.getColumns().get(column).getPath());
      for (BlockMetaData block : footer.getBlocks()) {
        for (ColumnChunkMetaData chunk : block.getColumns()) {
          if (chunk.getPath().equals(columnPath) && chunk.hasDictionaryPage()) {
            return true;
          }
        }
      }
      return false;
    }
  }

  /**
   * Whether the file's column holds values of {@code type} in the layout Strata writes them, so
   * that they go from file to file unchanged: the physical type of the kind, and for decimals,
   * timestamps and times the same scale or unit.
   */
  private static boolean readable(Type fileType, DataType type, ColumnBatch.Kind kind) {
    if (!fileType.isPrimitive() || fileType.isRepetition(Type.Repetition.REPEATED)) {
      return false;
    }
    PrimitiveType file = fileType.asPrimitiveType();
    PrimitiveType written =
        ParquetSchemas.toParquetType(new DataField(0, "v", type)).asPrimitiveType();
    if (file.getPrimitiveTypeName() != written.getPrimitiveTypeName()) {
      return false;
    }
    return switch (type.root()) {
      case DECIMAL, TIMESTAMP, TIMESTAMP_LTZ, TIME ->
          sameUnitOrScale(file.getLogicalTypeAnnotation(), written.getLogicalTypeAnnotation());
      default -> kind != null;
    };
  }

  private static boolean sameUnitOrScale(
      LogicalTypeAnnotation file, LogicalTypeAnnotation written) {
    if (file instanceof DecimalLogicalTypeAnnotation f
        && written instanceof DecimalLogicalTypeAnnotation w) {
      return f.getScale() == w.getScale();
    }
    if (file instanceof TimestampLogicalTypeAnnotation f
        && written instanceof TimestampLogicalTypeAnnotation w) {
      return f.getUnit() == w.getUnit();
    }
    if (file instanceof TimeLogicalTypeAnnotation f
        && written instanceof TimeLogicalTypeAnnotation w) {
      return f.getUnit() == w.getUnit();
    }
    return false;
  }

  /** Fills {@code batch} (of this reader's kinds) with the next rows; false at the end. */
  public boolean next(ColumnBatch batch) {
    try {
      while (rowsLeftInGroup == 0) {
        PageReadStore pages = reader.readNextRowGroup();
        if (pages == null) {
          batch.setSize(0);
          return false;
        }
        rowsLeftInGroup = pages.getRowCount();
        readers = new ColumnPages[columns.length];
        for (int i = 0; i < columns.length; i++) {
          readers[i] = new ColumnPages(columns[i], pages.getPageReader(columns[i]), kinds[i]);
        }
      }
      int rows = (int) Math.min(batch.capacity(), rowsLeftInGroup);
      for (int c = 0; c < columns.length; c++) {
        readers[c].fill(batch, c, rows);
      }
      rowsLeftInGroup -= rows;
      batch.setSize(rows);
      return true;
    } catch (IOException e) {
      if (CorruptFileException.isDamagedData(e)) {
        throw CorruptFileException.ofData(new Path(reader.getFile()), e);
      }
      throw new UncheckedIOException("Cannot read " + reader.getFile(), e);
    } catch (RuntimeException e) {
      throw CorruptFileException.isDamagedData(e)
          ? CorruptFileException.ofData(new Path(reader.getFile()), e)
          : e;
    }
  }

  /** Closes the file; again does nothing (a merge closes a run's files as it finishes them). */
  @Override
  public void close() throws IOException {
    if (!closed) {
      closed = true;
      reader.close();
    }
  }

  /**
   * The pages of one column chunk, decoded straight into batches: plain-encoded numbers from the
   * page's bytes, other encodings (dictionaries, booleans, strings, delta encodings) through
   * parquet-mr's value readers. A flat column holds one value (or NULL) per row.
   */
  private static final class ColumnPages {
    private final ColumnDescriptor descriptor;
    private final PageReader pages;
    private final ColumnBatch.Kind kind;
    private final int maxDefinition;
    private final Dictionary dictionary;
    private int valuesLeftInPage;
    private Levels definitions;

    /** The values of a plain-encoded page of numbers (little endian), or null. */
    private ByteBuffer plain;

    private ValuesReader values;

    /** The bytes of a plain-encoded page of strings and where its next value starts, or null. */
    private byte[] plainStrings;

    private int plainPosition;

    /** Whether the page's strings are dictionary ids into {@link #dictionaryStrings}. */
    private boolean dictionaryIds;

    /** The bytes of each dictionary entry of a string column, made at its first page. */
    private byte[][] dictionaryStrings;

    ColumnPages(ColumnDescriptor descriptor, PageReader pages, ColumnBatch.Kind kind)
        throws IOException {
      this.descriptor = descriptor;
      this.pages = pages;
      this.kind = kind;
      this.maxDefinition = descriptor.getMaxDefinitionLevel();
      DictionaryPage page = pages.readDictionaryPage();
      this.dictionary = page == null ? null : page.getEncoding().initDictionary(descriptor, page);
    }

    void fill(ColumnBatch batch, int c, int rows) throws IOException {
      int row = 0;
      while (row < rows) {
        if (valuesLeftInPage == 0) {
          nextPage();
        }
        int n = Math.min(rows - row, valuesLeftInPage);
        fill(batch, c, row, row + n);
        row += n;
        valuesLeftInPage -= n;
      }
    }

    private void fill(ColumnBatch batch, int c, int from, int to) throws IOException {
      for (int r = from; r < to; r++) {
        if (definitions != null && definitions.next() != maxDefinition) {
          batch.setNull(c, r);
          continue;
        }
        switch (kind) {
          case BIGINT, DECIMAL_LONG, TIMESTAMP ->
              batch.setLong(c, r, plain != null ? plain.getLong() : values.readLong());
          case TINYINT, SMALLINT, INT, DECIMAL_INT ->
              batch.setLong(c, r, plain != null ? plain.getInt() : values.readInteger());
          case DOUBLE ->
              batch.setDouble(c, r, plain != null ? plain.getDouble() : values.readDouble());
          case FLOAT ->
              batch.setDouble(c, r, plain != null ? plain.getFloat() : values.readFloat());
          case BOOLEAN -> batch.setLong(c, r, values.readBoolean() ? 1 : 0);
          case STRING -> fillString(batch, c, r);
        }
      }
    }

    /**
     * A plain string is a range of the page's bytes, a dictionary-encoded one the entry's bytes;
     * other encodings' values are copied out of their {@code Binary}.
     */
    private void fillString(ColumnBatch batch, int c, int r) {
      if (plainStrings != null) {
        byte[] b = plainStrings;
        int p = plainPosition;
        int length =
            (b[p] & 0xff)
                | (b[p + 1] & 0xff) << 8
                | (b[p + 2] & 0xff) << 16
                | (b[p + 3] & 0xff) << 24;
        batch.setString(c, r, b, p + 4, length);
        plainPosition = p + 4 + length;
      } else if (dictionaryIds) {
        byte[] entry = dictionaryStrings[values.readValueDictionaryId()];
        batch.setString(c, r, entry, 0, entry.length);
      } else {
        byte[] copy = values.readBytes().getBytes();
        batch.setString(c, r, copy, 0, copy.length);
      }
    }

    private void nextPage() throws IOException {
      DataPage page = pages.readPage();
      if (page == null) {
        throw new ParquetDecodingException(
            "Column " + descriptor + " ends before its row group's last row");
      }
      valuesLeftInPage = page.getValueCount();
      if (page instanceof DataPageV1 v1) {
        ByteBufferInputStream in = v1.getBytes().toInputStream();
        v1.getRlEncoding()
            .getValuesReader(descriptor, ValuesType.REPETITION_LEVEL)
            .initFromPage(valuesLeftInPage, in);
        ValuesReader levels =
            v1.getDlEncoding().getValuesReader(descriptor, ValuesType.DEFINITION_LEVEL);
        levels.initFromPage(valuesLeftInPage, in);
        definitions = maxDefinition == 0 ? null : levels::readInteger;
        startValues(v1.getValueEncoding(), in);
      } else {
        DataPageV2 v2 = (DataPageV2) page;
        if (maxDefinition == 0) {
          definitions = null;
        } else {
          RunLengthBitPackingHybridDecoder levels =
              new RunLengthBitPackingHybridDecoder(
                  BytesUtils.getWidthFromMaxInt(maxDefinition),
                  v2.getDefinitionLevels().toInputStream());
          definitions = levels::readInt;
        }
        startValues(v2.getDataEncoding(), v2.getData().toInputStream());
      }
    }

    private void startValues(Encoding encoding, ByteBufferInputStream in) throws IOException {
      plain = null;
      values = null;
      plainStrings = null;
      dictionaryIds = false;
      if (encoding.usesDictionary()) {
        if (dictionary == null) {
          throw new ParquetDecodingException(
              "Column " + descriptor + " has a dictionary-encoded page but no dictionary page");
        }
        values = encoding.getDictionaryBasedValuesReader(descriptor, ValuesType.VALUES, dictionary);
        values.initFromPage(valuesLeftInPage, in);
        if (kind == ColumnBatch.Kind.STRING) {
          dictionaryIds = true;
          if (dictionaryStrings == null) {
            dictionaryStrings = new byte[dictionary.getMaxId() + 1][];
            for (int id = 0; id < dictionaryStrings.length; id++) {
              dictionaryStrings[id] = dictionary.decodeToBinary(id).getBytes();
            }
          }
        }
      } else if (encoding == Encoding.PLAIN && kind == ColumnBatch.Kind.STRING) {
        ByteBuffer bytes = in.slice(in.available());
        if (bytes.hasArray()) {
          plainStrings = bytes.array();
          plainPosition = bytes.arrayOffset() + bytes.position();
        } else {
          plainStrings = new byte[bytes.remaining()];
          bytes.get(plainStrings);
          plainPosition = 0;
        }
      } else if (encoding == Encoding.PLAIN
          && kind != ColumnBatch.Kind.BOOLEAN
          && kind != ColumnBatch.Kind.STRING) {
        plain = in.slice(in.available()).order(ByteOrder.LITTLE_ENDIAN);
      } else {
        values = encoding.getValuesReader(descriptor, ValuesType.VALUES);
        values.initFromPage(valuesLeftInPage, in);
      }
    }
  }

  /** The definition levels of a page, one per value. */
  @FunctionalInterface
  private interface Levels {
    int next() throws IOException;
  }
}
