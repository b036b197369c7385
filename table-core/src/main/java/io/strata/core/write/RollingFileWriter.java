package io.strata.core.write;

import io.strata.core.data.BinaryRowCodec;
import io.strata.core.format.FileStats;
import io.strata.core.format.ParquetRowWriter;
import io.strata.core.io.FileIO;
import io.strata.core.manifest.DataFileMeta;
import io.strata.core.manifest.FileSource;
import io.strata.core.manifest.SimpleStats;
import io.strata.core.scan.StatsTypes;
import io.strata.core.table.FileNamer;
import io.strata.core.types.RowType;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.fs.Path;

/** Writes rows of one (partition, bucket) into Parquet files, rolling at the target size. */
final class RollingFileWriter {

  private final FileIO fileIO;
  private final Path bucketDir;
  private final RowType rowType;
  private final long schemaId;
  private final FileNamer names;
  private final WriteSettings settings;
  private final List<DataFileMeta> written = new ArrayList<>();
  private ParquetRowWriter current;
  private String currentName;
  private long currentRows;
  private long nextSequence;

  RollingFileWriter(
      FileIO fileIO,
      Path bucketDir,
      RowType rowType,
      long schemaId,
      FileNamer names,
      WriteSettings settings,
      long firstSequence) {
    this.fileIO = fileIO;
    this.bucketDir = bucketDir;
    this.rowType = rowType;
    this.schemaId = schemaId;
    this.names = names;
    this.settings = settings;
    this.nextSequence = firstSequence;
  }

  void write(Object[] row) throws IOException {
    if (current == null) {
      currentName = names.next();
      current =
          ParquetRowWriter.create(
              fileIO.fileSystem(bucketDir),
              new Path(bucketDir, currentName),
              rowType,
              settings.parquet());
      currentRows = 0;
    }
    current.write(row);
    currentRows++;
    if (current.length() >= settings.targetFileSize()) {
      closeCurrent();
    }
  }

  private void closeCurrent() throws IOException {
    FileStats stats = current.finish();
    Path path = new Path(bucketDir, currentName);
    long size = fileIO.fileSystem(path).getFileStatus(path).getLen();
    RowType statsType = StatsTypes.of(rowType);
    SimpleStats valueStats =
        new SimpleStats(
            BinaryRowCodec.serialize(statsType, stats.min()),
            BinaryRowCodec.serialize(statsType, stats.max()),
            Arrays.asList(stats.nullCounts()));
    long minSeq = nextSequence;
    nextSequence += currentRows;
    written.add(
        new DataFileMeta(
            currentName,
            size,
            currentRows,
            io.strata.core.data.BinaryRow.EMPTY,
            io.strata.core.data.BinaryRow.EMPTY,
            SimpleStats.EMPTY,
            valueStats,
            minSeq,
            nextSequence - 1,
            schemaId,
            0,
            List.of(),
            LocalDateTime.now().toInstant(ZoneOffset.UTC).toEpochMilli(),
            0L,
            null,
            FileSource.APPEND,
            null,
            null,
            null,
            null));
    current = null;
  }

  /** Closes the open file and returns every file written. */
  List<DataFileMeta> finish() {
    try {
      if (current != null) {
        closeCurrent();
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot finish data file in " + bucketDir, e);
    }
    return written;
  }

  /** Closes and deletes everything written; used when the write fails. */
  void abort() {
    try {
      if (current != null) {
        current.abort();
        current = null;
      }
      for (DataFileMeta f : written) {
        fileIO.delete(new Path(bucketDir, f.fileName()));
      }
    } catch (IOException | RuntimeException ignored) {
      // Orphans at worst; remove_orphan_files cleans them.
    }
  }
}
