package io.strata.spark.read;

import io.strata.core.format.HadoopFiles;
import io.strata.core.format.ParquetRowGroupFilter;
import io.strata.core.predicate.Predicate;
import io.strata.core.types.RowType;
import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapred.FileSplit;
import org.apache.hadoop.mapreduce.TaskAttemptID;
import org.apache.hadoop.mapreduce.task.TaskAttemptContextImpl;
import org.apache.parquet.HadoopReadOptions;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.filter2.predicate.FilterPredicate;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetInputFormat;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.hadoop.util.HadoopInputFile;
import org.apache.parquet.hadoop.util.HadoopStreams;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.SeekableInputStream;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.execution.datasources.parquet.ParquetReadSupport;
import org.apache.spark.sql.execution.datasources.parquet.VectorizedParquetRecordReader;
import org.apache.spark.sql.internal.SQLConf;
import org.apache.spark.sql.types.StructType;
import scala.Option;

/**
 * Opens one Parquet data file with Spark's {@link VectorizedParquetRecordReader}, configured the
 * way Spark's own file source configures it, but from values Strata owns: columns matched by field
 * id, dates and timestamps never rebased (Paimon writes the proleptic Gregorian calendar, and
 * Spark's default EXCEPTION mode would reject old dates in files without Spark's metadata), and the
 * file opened through the table's file system with the footer read once.
 */
final class ParquetBatchFile {

  private final Configuration conf;
  private final ColumnarReadSettings settings;
  private final StructType partitionSchema;
  private final InternalRow partitionValues;

  /**
   * @param base the table file system's Hadoop configuration (copied, never changed)
   * @param dataSchema the columns read from files ({@link SparkReadSchema})
   */
  ParquetBatchFile(
      Configuration base,
      StructType dataSchema,
      StructType partitionSchema,
      InternalRow partitionValues,
      ColumnarReadSettings settings) {
    this.conf = new Configuration(base);
    this.settings = settings;
    this.partitionSchema = partitionSchema;
    this.partitionValues = partitionValues;
    conf.set(ParquetReadSupport.SPARK_ROW_REQUESTED_SCHEMA(), dataSchema.json());
    conf.set(ParquetInputFormat.READ_SUPPORT_CLASS, ParquetReadSupport.class.getName());
    conf.setBoolean(SQLConf.PARQUET_FIELD_ID_READ_ENABLED().key(), true);
    // Files without ids (none written by Paimon or Strata) then read as NULL, not fail.
    conf.setBoolean(SQLConf.IGNORE_MISSING_PARQUET_FIELD_ID().key(), true);
    conf.setBoolean(SQLConf.CASE_SENSITIVE().key(), false);
    conf.setBoolean(SQLConf.PARQUET_BINARY_AS_STRING().key(), false);
    conf.setBoolean(SQLConf.PARQUET_INT96_AS_TIMESTAMP().key(), true);
    conf.setBoolean(SQLConf.PARQUET_INFER_TIMESTAMP_NTZ_ENABLED().key(), true);
    conf.setBoolean(SQLConf.LEGACY_PARQUET_NANOS_AS_LONG().key(), false);
    conf.setBoolean(ParquetInputFormat.RECORD_FILTERING_ENABLED, false);
    // Row groups are skipped by their statistics and by their dictionaries (a value within the
    // min/max range that no dictionary page holds).
    conf.setBoolean(ParquetInputFormat.STATS_FILTERING_ENABLED, true);
    conf.setBoolean(ParquetInputFormat.DICTIONARY_FILTERING_ENABLED, true);
  }

  /** A reader positioned before the first batch; the caller closes it. */
  VectorizedParquetRecordReader open(
      FileSystem fs,
      Path path,
      long length,
      Predicate filter,
      RowType tableType,
      RowType partitionType)
      throws IOException {
    FileSystem raw = HadoopFiles.withoutChecksums(fs);
    InputFile input = HadoopFiles.inputFile(raw, path, length);
    SeekableInputStream stream = HadoopStreams.wrap(raw.open(path));
    VectorizedParquetRecordReader reader = null;
    try {
      ParquetReadOptions footerOptions = HadoopReadOptions.builder(conf, path).build();
      ParquetMetadata footer = ParquetFileReader.readFooter(input, footerOptions, stream);
      FilterPredicate rowGroups =
          ParquetRowGroupFilter.of(
              filter, tableType, partitionType, footer.getFileMetaData().getSchema());
      if (rowGroups != null) {
        ParquetInputFormat.setFilterPredicate(conf, rowGroups);
      } else {
        conf.unset(ParquetInputFormat.FILTER_PREDICATE);
      }
      reader =
          new VectorizedParquetRecordReader(
              null,
              "CORRECTED",
              "UTC",
              "CORRECTED",
              "UTC",
              settings.offHeap(),
              settings.batchSize());
      // Only the path and length of this file are used: the stream and footer are ours.
      HadoopInputFile hadoopFile =
          HadoopInputFile.fromStatus(new FileStatus(length, false, 1, 0, 0, path), conf);
      reader.initialize(
          new FileSplit(path, 0, length, new String[0]),
          new TaskAttemptContextImpl(conf, new TaskAttemptID()),
          Option.apply(hadoopFile),
          Option.apply(stream),
          Option.apply(footer));
      reader.initBatch(partitionSchema, partitionValues);
      reader.enableReturningBatches();
      return reader;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      closeQuietly(reader, stream, e);
      throw new IOException("Interrupted opening " + path, e);
    } catch (IOException | RuntimeException e) {
      closeQuietly(reader, stream, e);
      throw e;
    }
  }

  private static void closeQuietly(
      VectorizedParquetRecordReader reader, SeekableInputStream stream, Exception failure) {
    try {
      if (reader != null) {
        reader.close();
      }
      stream.close();
    } catch (IOException | RuntimeException e) {
      failure.addSuppressed(e);
    }
  }
}
