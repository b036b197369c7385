package io.strata.core.write;

import io.strata.core.format.ParquetWriteOptions;
import io.strata.core.options.FileFormat;
import io.strata.core.options.FormatPerLevel;
import io.strata.core.options.Options;
import io.strata.core.options.TableOptions;
import java.util.EnumSet;
import java.util.Set;

/**
 * File-writing settings resolved from table options. {@code format} is the table's {@code
 * file.format}; {@code formatPerLevel} overrides it for the levels of primary-key tables.
 */
record WriteSettings(
    ParquetWriteOptions parquet,
    long targetFileSize,
    FileFormat format,
    FormatPerLevel formatPerLevel,
    Options tableOptions) {

  static WriteSettings of(Options options, boolean primaryKey) {
    return new WriteSettings(
        ParquetWriteOptions.fromTableOptions(options.toMap()),
        TableOptions.targetFileSize(options, primaryKey),
        options.get(TableOptions.FILE_FORMAT),
        // As Paimon, only the LSM files of primary-key tables follow file.format.per.level.
        primaryKey ? TableOptions.formatPerLevel(options) : FormatPerLevel.NONE,
        options);
  }

  /** The format of files written at {@code level}. */
  FileFormat formatAt(int level) {
    return formatPerLevel.at(level, format);
  }

  /** Every format this writer may write: what checks on a format must look at. */
  Set<FileFormat> formats() {
    Set<FileFormat> all = EnumSet.of(format);
    all.addAll(formatPerLevel.formats().values());
    return all;
  }
}
