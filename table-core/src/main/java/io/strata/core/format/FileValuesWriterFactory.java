package io.strata.core.format;

import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ParquetProperties;
import org.apache.parquet.column.values.ValuesWriter;
import org.apache.parquet.column.values.factory.DefaultV1ValuesWriterFactory;
import org.apache.parquet.column.values.factory.DefaultV2ValuesWriterFactory;
import org.apache.parquet.column.values.factory.ValuesWriterFactory;

/**
 * parquet-mr's default value writers, bound to one file's properties. parquet-mr's own default is
 * one static factory that keeps the properties last built anywhere in the JVM, so a file opened on
 * another thread (or just later) would hand its dictionary settings, page size and buffers to the
 * next row group of every file being written.
 */
final class FileValuesWriterFactory implements ValuesWriterFactory {

  private ValuesWriterFactory delegate;

  @Override
  public void initialize(ParquetProperties properties) {
    delegate =
        properties.getWriterVersion() == ParquetProperties.WriterVersion.PARQUET_1_0
            ? new DefaultV1ValuesWriterFactory()
            : new DefaultV2ValuesWriterFactory();
    delegate.initialize(properties);
  }

  @Override
  public ValuesWriter newValuesWriter(ColumnDescriptor descriptor) {
    return delegate.newValuesWriter(descriptor);
  }
}
