package io.strata.spark.read;

import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Proxy;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.schema.MessageType;
import org.apache.spark.sql.execution.datasources.parquet.SpecificParquetRecordReaderBase;
import org.apache.spark.sql.execution.datasources.parquet.VectorizedParquetRecordReader;

/**
 * Gives Spark's vectorized Parquet reader its row groups from a {@link ParquetFileReader} of
 * Strata's, one that decompresses pages with table-core's {@code PageCodecs}. Spark builds its own
 * file reader's options from the Hadoop configuration, which has no place for a codec factory, and
 * Hadoop's zstd codec sets up a native stream for every page: a third of a merge read's CPU went to
 * decompressing, two fifths of that to the setup. Spark's reader takes its row groups from a field
 * of a package-private interface type, so the field is set through reflection to a proxy of that
 * interface; where a Spark version lacks either, files read through Spark's own row groups.
 */
final class PageCodecRowGroups {

  private static final Class<?> ROW_GROUP_READER;
  private static final Field READER;
  private static final Field REQUESTED_SCHEMA;
  private static final Field TOTAL_ROW_COUNT;

  static {
    Class<?> type = null;
    Field reader = null;
    Field requested = null;
    Field total = null;
    try {
      type =
          Class.forName(
              SpecificParquetRecordReaderBase.class.getName() + "$ParquetRowGroupReader",
              false,
              SpecificParquetRecordReaderBase.class.getClassLoader());
      reader = SpecificParquetRecordReaderBase.class.getDeclaredField("reader");
      requested = SpecificParquetRecordReaderBase.class.getDeclaredField("requestedSchema");
      total = SpecificParquetRecordReaderBase.class.getDeclaredField("totalRowCount");
      if (reader.getType() != type
          || requested.getType() != MessageType.class
          || total.getType() != long.class) {
        throw new NoSuchFieldException("reader, requestedSchema or totalRowCount changed type");
      }
      reader.setAccessible(true);
      requested.setAccessible(true);
      total.setAccessible(true);
    } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
      type = null;
      reader = null;
      requested = null;
      total = null;
    }
    ROW_GROUP_READER = type;
    READER = reader;
    REQUESTED_SCHEMA = requested;
    TOTAL_ROW_COUNT = total;
  }

  private PageCodecRowGroups() {}

  /** Whether this Spark's reader takes row groups of Strata's; else it reads its own. */
  static boolean available() {
    return READER != null;
  }

  /**
   * Replaces the row groups of {@code reader}, just initialized over the row groups {@code
   * rowGroups} keeps (Spark's own file reader is dropped unread; it holds nothing but the stream,
   * which {@code rowGroups} owns and closes). {@code rowGroups} reads the columns Spark asked for,
   * only the pages of each row group that its filter's column indexes keep (as Spark's own reader
   * does), and tells Spark how many rows those are.
   */
  static void install(VectorizedParquetRecordReader reader, ParquetFileReader rowGroups) {
    try {
      rowGroups.setRequestedSchema((MessageType) REQUESTED_SCHEMA.get(reader));
      TOTAL_ROW_COUNT.setLong(reader, rowGroups.getFilteredRecordCount());
      READER.set(reader, proxy(rowGroups));
    } catch (IllegalAccessException e) {
      throw new IllegalStateException("Spark's Parquet reader refused its row groups", e);
    }
  }

  /** Whether {@code reader} reads the row groups of a reader of Strata's. */
  static boolean installed(VectorizedParquetRecordReader reader) {
    try {
      Object rowGroups = READER == null ? null : READER.get(reader);
      return rowGroups != null && Proxy.isProxyClass(rowGroups.getClass());
    } catch (IllegalAccessException e) {
      return false;
    }
  }

  private static Object proxy(ParquetFileReader rowGroups) {
    InvocationHandler handler =
        (self, method, args) ->
            switch (method.getName()) {
              case "readNextRowGroup" -> rowGroups.readNextFilteredRowGroup();
              case "close" -> {
                rowGroups.close();
                yield null;
              }
              case "hashCode" -> System.identityHashCode(self);
              case "equals" -> self == args[0];
              case "toString" -> "Strata row groups of " + rowGroups.getFile();
              default -> throw new IOException("Unexpected call " + method + " on row groups");
            };
    return Proxy.newProxyInstance(
        ROW_GROUP_READER.getClassLoader(), new Class<?>[] {ROW_GROUP_READER}, handler);
  }
}
