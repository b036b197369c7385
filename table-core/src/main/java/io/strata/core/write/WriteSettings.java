package io.strata.core.write;

import io.strata.core.format.ParquetWriteOptions;
import io.strata.core.options.FileFormat;
import io.strata.core.options.Options;
import io.strata.core.options.TableOptions;

/** File-writing settings resolved from table options. */
record WriteSettings(ParquetWriteOptions parquet, long targetFileSize, FileFormat format) {

  static WriteSettings of(Options options, boolean primaryKey) {
    return new WriteSettings(
        ParquetWriteOptions.fromTableOptions(options.toMap()),
        TableOptions.targetFileSize(options, primaryKey),
        options.get(TableOptions.FILE_FORMAT));
  }
}
