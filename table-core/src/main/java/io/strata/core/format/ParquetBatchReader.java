package io.strata.core.format;

import io.strata.core.types.RowType;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.HadoopReadOptions;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ColumnReader;
import org.apache.parquet.column.impl.ColumnReadStoreImpl;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.io.api.Converter;
import org.apache.parquet.io.api.GroupConverter;
import org.apache.parquet.io.api.PrimitiveConverter;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type;

/**
 * Reads a Parquet file of flat rows into {@link ColumnBatch}es, column by column through
 * parquet-mr's column readers: values go from the decoded pages into primitive arrays, with no
 * record assembly and no object per value (strings excepted: one {@code Binary} each, shared with
 * the page). Only files whose columns are all top-level primitives of the physical type each kind
 * is written in can be read so; {@link #open} says null for the others.
 */
public final class ParquetBatchReader implements Closeable {

  private final ParquetFileReader reader;
  private final MessageType requested;
  private final ColumnBatch.Kind[] kinds;
  private final ColumnDescriptor[] columns;
  private final String createdBy;
  private ColumnReader[] readers;
  private long rowsLeftInGroup;

  private ParquetBatchReader(
      ParquetFileReader reader, MessageType requested, ColumnBatch.Kind[] kinds) {
    this.reader = reader;
    this.requested = requested;
    this.kinds = kinds;
    this.columns = requested.getColumns().toArray(new ColumnDescriptor[0]);
    this.createdBy = reader.getFooter().getFileMetaData().getCreatedBy();
    reader.setRequestedSchema(requested);
  }

  /**
   * Opens {@code path} (of a known length) for reading the columns of {@code readType} by name, or
   * returns null (the file closed again) when the file lacks one of them or holds one in another
   * physical layout than a batch reads.
   */
  public static ParquetBatchReader open(FileSystem fs, Path path, long length, RowType readType)
      throws IOException {
    ColumnBatch.Kind[] kinds = ColumnBatch.kindsOf(readType);
    if (kinds == null) {
      return null;
    }
    Configuration conf = fs.getConf() == null ? new Configuration(false) : fs.getConf();
    ParquetFileReader reader =
        ParquetFileReader.open(
            HadoopFiles.inputFile(fs, path, length), HadoopReadOptions.builder(conf).build());
    try {
      MessageType fileSchema = reader.getFooter().getFileMetaData().getSchema();
      for (int i = 0; i < kinds.length; i++) {
        String name = readType.field(i).name();
        if (!fileSchema.containsField(name) || !readable(fileSchema.getType(name), kinds[i])) {
          reader.close();
          return null;
        }
      }
      MessageType requested = ParquetProjection.requestedSchema(fileSchema, readType);
      return new ParquetBatchReader(reader, requested, kinds);
    } catch (IOException | RuntimeException e) {
      reader.close();
      throw e;
    }
  }

  private static boolean readable(Type type, ColumnBatch.Kind kind) {
    if (!type.isPrimitive() || type.isRepetition(Type.Repetition.REPEATED)) {
      return false;
    }
    PrimitiveTypeName physical = type.asPrimitiveType().getPrimitiveTypeName();
    return physical
        == switch (kind) {
          case BOOLEAN -> PrimitiveTypeName.BOOLEAN;
          case TINYINT, SMALLINT, INT -> PrimitiveTypeName.INT32;
          case BIGINT -> PrimitiveTypeName.INT64;
          case FLOAT -> PrimitiveTypeName.FLOAT;
          case DOUBLE -> PrimitiveTypeName.DOUBLE;
          case STRING -> PrimitiveTypeName.BINARY;
        };
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
        ColumnReadStoreImpl store =
            new ColumnReadStoreImpl(pages, IGNORING_CONVERTER, requested, createdBy);
        readers = new ColumnReader[columns.length];
        for (int i = 0; i < columns.length; i++) {
          readers[i] = store.getColumnReader(columns[i]);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read " + reader.getFile(), e);
    }
    int rows = (int) Math.min(batch.capacity(), rowsLeftInGroup);
    for (int c = 0; c < columns.length; c++) {
      fill(batch, c, rows);
    }
    rowsLeftInGroup -= rows;
    batch.setSize(rows);
    return true;
  }

  private void fill(ColumnBatch batch, int c, int rows) {
    ColumnReader column = readers[c];
    int defined = columns[c].getMaxDefinitionLevel();
    switch (kinds[c]) {
      case BOOLEAN -> {
        for (int r = 0; r < rows; r++, column.consume()) {
          if (column.getCurrentDefinitionLevel() == defined) {
            batch.setLong(c, r, column.getBoolean() ? 1 : 0);
          } else {
            batch.setNull(c, r);
          }
        }
      }
      case TINYINT, SMALLINT, INT -> {
        for (int r = 0; r < rows; r++, column.consume()) {
          if (column.getCurrentDefinitionLevel() == defined) {
            batch.setLong(c, r, column.getInteger());
          } else {
            batch.setNull(c, r);
          }
        }
      }
      case BIGINT -> {
        for (int r = 0; r < rows; r++, column.consume()) {
          if (column.getCurrentDefinitionLevel() == defined) {
            batch.setLong(c, r, column.getLong());
          } else {
            batch.setNull(c, r);
          }
        }
      }
      case FLOAT -> {
        for (int r = 0; r < rows; r++, column.consume()) {
          if (column.getCurrentDefinitionLevel() == defined) {
            batch.setDouble(c, r, column.getFloat());
          } else {
            batch.setNull(c, r);
          }
        }
      }
      case DOUBLE -> {
        for (int r = 0; r < rows; r++, column.consume()) {
          if (column.getCurrentDefinitionLevel() == defined) {
            batch.setDouble(c, r, column.getDouble());
          } else {
            batch.setNull(c, r);
          }
        }
      }
      case STRING -> {
        for (int r = 0; r < rows; r++, column.consume()) {
          if (column.getCurrentDefinitionLevel() == defined) {
            batch.setString(c, r, column.getBinary());
          } else {
            batch.setNull(c, r);
          }
        }
      }
    }
  }

  @Override
  public void close() throws IOException {
    reader.close();
  }

  /** Column readers want a converter per column; values are taken from the readers instead. */
  private static final GroupConverter IGNORING_CONVERTER =
      new GroupConverter() {
        private final PrimitiveConverter ignored = new PrimitiveConverter() {};

        @Override
        public Converter getConverter(int fieldIndex) {
          return ignored;
        }

        @Override
        public void start() {}

        @Override
        public void end() {}
      };
}
