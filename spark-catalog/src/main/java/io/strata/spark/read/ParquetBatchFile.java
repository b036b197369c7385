package io.strata.spark.read;

import io.strata.core.format.HadoopFiles;
import io.strata.core.format.PageCodecs;
import io.strata.core.format.ParquetRowGroupFilter;
import io.strata.core.io.CorruptFileException;
import io.strata.core.merge.KeyValueLayout;
import io.strata.core.predicate.Predicate;
import io.strata.core.types.RowType;
import java.io.IOException;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapred.FileSplit;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapreduce.TaskAttemptID;
import org.apache.hadoop.mapreduce.task.TaskAttemptContextImpl;
import org.apache.parquet.HadoopReadOptions;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.filter2.compat.FilterCompat;
import org.apache.parquet.filter2.compat.RowGroupFilter;
import org.apache.parquet.filter2.predicate.FilterPredicate;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetInputFormat;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.hadoop.util.HadoopInputFile;
import org.apache.parquet.hadoop.util.HadoopStreams;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.SeekableInputStream;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Type;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.execution.datasources.parquet.ParquetReadSupport;
import org.apache.spark.sql.execution.datasources.parquet.VectorizedParquetRecordReader;
import org.apache.spark.sql.internal.SQLConf;
import org.apache.spark.sql.types.Metadata;
import org.apache.spark.sql.types.MetadataBuilder;
import org.apache.spark.sql.types.StructField;
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

  /**
   * The configuration each file of the split is opened with, changed per file. A {@link JobConf},
   * because Hadoop's task context copies any other configuration, all its entries, for every file.
   */
  private final JobConf conf;

  private final Configuration base;

  private final ColumnarReadSettings settings;
  private final StructType partitionSchema;

  /** Field ids of the data columns read, to count the column chunks fetched. */
  private final Set<Integer> dataFieldIds = new HashSet<>();

  /** Their names, for files without field ids. */
  private final Set<String> dataFieldNames = new HashSet<>();

  /** The columns read from files, as requested. */
  private final StructType dataSchema;

  /**
   * The columns read from a file written with {@code data-file.thin-mode}, which has no {@code
   * _KEY_} columns: each key is read from the value column with the key's field id; null when no
   * key column is read.
   */
  private final StructType thinDataSchema;

  /** The requested columns as Spark's read support takes them, made once for the split's files. */
  private final String dataSchemaJson;

  private final String thinDataSchemaJson;

  /** The field ids and names of the data columns read from thin files. */
  private final Set<Integer> thinFieldIds = new HashSet<>();

  private final Set<String> thinFieldNames = new HashSet<>();

  /**
   * @param base the table file system's Hadoop configuration (copied, never changed)
   * @param dataSchema the columns read from files ({@link SparkReadSchema})
   */
  ParquetBatchFile(
      Configuration base,
      StructType dataSchema,
      StructType partitionSchema,
      ColumnarReadSettings settings) {
    this.base = base;
    this.conf = new JobConf(base);
    this.settings = settings;
    this.partitionSchema = partitionSchema;
    this.dataSchema = dataSchema;
    this.thinDataSchema = thinSchema(dataSchema);
    this.dataSchemaJson = dataSchema.json();
    this.thinDataSchemaJson = thinDataSchema == null ? null : thinDataSchema.json();
    for (StructField f : dataSchema.fields()) {
      dataFieldIds.add(fieldId(f));
      dataFieldNames.add(f.name().toLowerCase(java.util.Locale.ROOT));
    }
    if (thinDataSchema != null) {
      for (StructField f : thinDataSchema.fields()) {
        thinFieldIds.add(fieldId(f));
        thinFieldNames.add(f.name().toLowerCase(java.util.Locale.ROOT));
      }
    }
    conf.set(ParquetInputFormat.READ_SUPPORT_CLASS, ParquetReadSupport.class.getName());
    // Columns are matched by field id (set per file in open: files without ids match by name).
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

  /**
   * Whether this opener reads {@code dataSchema} and {@code partitionSchema} from files of {@code
   * base}'s file system with {@code settings}, so that another split of the task can use it.
   */
  boolean reads(
      Configuration base,
      StructType dataSchema,
      StructType partitionSchema,
      ColumnarReadSettings settings) {
    return this.base == base
        && this.dataSchema.equals(dataSchema)
        && this.partitionSchema.equals(partitionSchema)
        && this.settings.equals(settings);
  }

  /**
   * A reader positioned before the first batch, its partition columns {@code partitionValues}; the
   * caller closes it.
   */
  VectorizedParquetRecordReader open(
      FileSystem fs,
      Path path,
      long length,
      Predicate filter,
      RowType tableType,
      RowType partitionType,
      InternalRow partitionValues,
      TaskReadMetrics metrics)
      throws IOException {
    FileSystem raw = HadoopFiles.withoutChecksums(fs);
    InputFile input = HadoopFiles.inputFile(raw, path, length);
    SeekableInputStream stream = HadoopStreams.wrap(raw.open(path));
    VectorizedParquetRecordReader reader = null;
    ParquetFileReader rowGroupReader = null;
    try {
      ParquetReadOptions footerOptions = HadoopReadOptions.builder(conf, path).build();
      ParquetMetadata footer = ParquetFileReader.readFooter(input, footerOptions, stream);
      FilterPredicate rowGroups =
          ParquetRowGroupFilter.of(
              filter, tableType, partitionType, footer.getFileMetaData().getSchema());
      if (rowGroups != null) {
        ParquetInputFormat.setFilterPredicate(conf, rowGroups);
        footer = withoutSkippedRowGroups(footer, rowGroups, metrics);
      } else {
        conf.unset(ParquetInputFormat.FILTER_PREDICATE);
      }
      // Paimon's Java writer and Strata give every column its field id; pypaimon (pyarrow) writes
      // none, and Paimon then matches columns by name, as the row path does.
      conf.setBoolean(
          SQLConf.PARQUET_FIELD_ID_READ_ENABLED().key(),
          hasFieldIds(footer.getFileMetaData().getSchema()));
      boolean thin = thinDataSchema != null && !hasKeyColumns(footer.getFileMetaData().getSchema());
      conf.set(
          ParquetReadSupport.SPARK_ROW_REQUESTED_SCHEMA(),
          thin ? thinDataSchemaJson : dataSchemaJson);
      metrics.readBytes(
          thin
              ? columnChunkBytes(footer, thinFieldIds, thinFieldNames)
              : columnChunkBytes(footer, dataFieldIds, dataFieldNames));
      if (PageCodecRowGroups.available()) {
        // Row groups are filtered (statistics, dictionaries) by the reader that reads them; Spark's
        // reader is given just those and no filter, and takes its row count from that reader.
        rowGroupReader =
            new ParquetFileReader(input, footer, PageCodecs.readOptions(conf).build(), stream);
        if (rowGroupReader.getRowGroups().size() != footer.getBlocks().size()) {
          metrics.skippedRowGroups(
              footer.getBlocks().size() - rowGroupReader.getRowGroups().size());
          footer = new ParquetMetadata(footer.getFileMetaData(), rowGroupReader.getRowGroups());
        }
        conf.unset(ParquetInputFormat.FILTER_PREDICATE);
      }
      reader = new FileRecordReader(path, settings);
      // Only the path and length of this file are used: the stream and footer are ours.
      HadoopInputFile hadoopFile =
          HadoopInputFile.fromStatus(new FileStatus(length, false, 1, 0, 0, path), conf);
      reader.initialize(
          new FileSplit(path, 0, length, new String[0]),
          new TaskAttemptContextImpl(conf, new TaskAttemptID()),
          Option.apply(hadoopFile),
          Option.apply(stream),
          Option.apply(footer));
      if (rowGroupReader != null) {
        PageCodecRowGroups.install(reader, rowGroupReader);
        rowGroupReader = null; // closed with the reader from now on
      }
      reader.initBatch(partitionSchema, partitionValues);
      reader.enableReturningBatches();
      return reader;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      closeQuietly(reader, rowGroupReader, stream, e);
      throw new IOException("Interrupted opening " + path, e);
    } catch (IOException | RuntimeException e) {
      closeQuietly(reader, rowGroupReader, stream, e);
      throw e;
    }
  }

  /** Spark's reader of one file, naming the file when its pages turn out to be damaged. */
  private static final class FileRecordReader extends VectorizedParquetRecordReader {
    private final Path path;

    FileRecordReader(Path path, ColumnarReadSettings settings) {
      super(null, "CORRECTED", "UTC", "CORRECTED", "UTC", settings.offHeap(), settings.batchSize());
      this.path = path;
    }

    @Override
    public boolean nextBatch() throws IOException {
      try {
        return super.nextBatch();
      } catch (IOException | RuntimeException e) {
        if (CorruptFileException.isDamagedData(e)) {
          throw CorruptFileException.ofData(path, e);
        }
        throw e;
      }
    }
  }

  /**
   * The footer without the row groups whose statistics rule the filter out, counted as skipped.
   * Spark's reader would skip them too; filtering here is what makes them countable. (Row groups
   * then skipped by their dictionaries are counted where {@link PageCodecRowGroups} reads the row
   * groups.)
   */
  private static ParquetMetadata withoutSkippedRowGroups(
      ParquetMetadata footer, FilterPredicate rowGroups, TaskReadMetrics metrics) {
    List<BlockMetaData> all = footer.getBlocks();
    List<BlockMetaData> kept =
        RowGroupFilter.filterRowGroups(
            FilterCompat.get(rowGroups), all, footer.getFileMetaData().getSchema());
    metrics.skippedRowGroups(all.size() - kept.size());
    return kept.size() == all.size() ? footer : new ParquetMetadata(footer.getFileMetaData(), kept);
  }

  private static int fieldId(StructField f) {
    return (int) f.metadata().getLong(SparkReadSchema.FIELD_ID_KEY);
  }

  /**
   * The data schema with each {@code _KEY_<k>} column replaced by the value column {@code k} of the
   * same field id; null when no key column is read. Key columns read as values are never requested
   * besides ({@link MergeLayout}), so no column is requested twice.
   */
  private static StructType thinSchema(StructType dataSchema) {
    boolean hasKeys = false;
    StructField[] fields = dataSchema.fields().clone();
    for (int i = 0; i < fields.length; i++) {
      StructField f = fields[i];
      int id = fieldId(f);
      if (f.name().startsWith(KeyValueLayout.KEY_PREFIX)
          && id >= KeyValueLayout.KEY_FIELD_ID_START
          && id < KeyValueLayout.VALUE_KIND_ID) {
        hasKeys = true;
        Metadata valueId =
            new MetadataBuilder()
                .withMetadata(f.metadata())
                .putLong(SparkReadSchema.FIELD_ID_KEY, id - KeyValueLayout.KEY_FIELD_ID_START)
                .build();
        fields[i] =
            new StructField(
                f.name().substring(KeyValueLayout.KEY_PREFIX.length()),
                f.dataType(),
                true,
                valueId);
      }
    }
    return hasKeys ? new StructType(fields) : null;
  }

  /**
   * Whether the file holds {@code _KEY_} columns; files written with {@code data-file.thin-mode}
   * leave them out when the key is within the value columns.
   */
  private static boolean hasKeyColumns(MessageType schema) {
    for (Type field : schema.getFields()) {
      if (field.getName().startsWith(KeyValueLayout.KEY_PREFIX)) {
        return true;
      }
    }
    return false;
  }

  /** Whether the file's top-level columns carry field ids. */
  private static boolean hasFieldIds(MessageType schema) {
    for (Type field : schema.getFields()) {
      if (field.getId() != null) {
        return true;
      }
    }
    return false;
  }

  /** Bytes of the column chunks of the data columns read, in the row groups kept. */
  private static long columnChunkBytes(
      ParquetMetadata footer, Set<Integer> dataFieldIds, Set<String> dataFieldNames) {
    MessageType schema = footer.getFileMetaData().getSchema();
    long bytes = 0;
    for (BlockMetaData block : footer.getBlocks()) {
      for (ColumnChunkMetaData column : block.getColumns()) {
        Type top = schema.getType(column.getPath().toArray()[0]);
        boolean read =
            top.getId() != null
                ? dataFieldIds.contains(top.getId().intValue())
                : dataFieldNames.contains(top.getName().toLowerCase(java.util.Locale.ROOT));
        if (read) {
          bytes += column.getTotalSize();
        }
      }
    }
    return bytes;
  }

  private static void closeQuietly(
      VectorizedParquetRecordReader reader,
      ParquetFileReader rowGroupReader,
      SeekableInputStream stream,
      Exception failure) {
    try {
      if (reader != null) {
        reader.close();
      }
      if (rowGroupReader != null) {
        rowGroupReader.close();
      }
      stream.close();
    } catch (IOException | RuntimeException e) {
      failure.addSuppressed(e);
    }
  }
}
