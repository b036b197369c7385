package io.strata.core.format;

import io.strata.core.types.RowType;
import java.io.IOException;
import org.apache.avro.file.DataFileStream;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Reads an Avro data file as {@code Object[]} rows of a read type (canonical values), decoding each
 * record with the file's own schema. Top-level fields are matched by name; a requested field the
 * file lacks reads NULL.
 */
final class AvroRowReader implements CloseableIterator<Object[]> {

  private final DataFileStream<GenericRecord> records;
  private final AvroValueReaders.ValueReader row;
  private GenericRecord reuse;

  private AvroRowReader(DataFileStream<GenericRecord> records, RowType readType) {
    this.records = records;
    this.row = AvroValueReaders.row(readType, records.getSchema());
  }

  /** Opens {@code path} on {@code fs}'s raw file system. */
  static AvroRowReader open(FileSystem fs, Path path, long length, RowType readType)
      throws IOException {
    FileSystem raw = HadoopFiles.withoutChecksums(fs);
    DataFileStream<GenericRecord> records =
        new DataFileStream<>(raw.open(path), new GenericDatumReader<>());
    try {
      return new AvroRowReader(records, readType);
    } catch (RuntimeException e) {
      records.close();
      throw e;
    }
  }

  @Override
  public boolean hasNext() {
    return records.hasNext();
  }

  @Override
  public Object[] next() {
    try {
      reuse = records.next(reuse);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException("Cannot read an Avro data file", e);
    }
    return (Object[]) row.read(reuse);
  }

  @Override
  public void close() throws IOException {
    records.close();
  }
}
