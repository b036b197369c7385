package io.strata.core.write;

import io.strata.core.format.ParquetWriteOptions;
import io.strata.core.options.Options;
import io.strata.core.options.TableOptions;

/** File-writing settings resolved from table options. */
record WriteSettings(ParquetWriteOptions parquet, long targetFileSize, String format) {

  private static final long APPEND_TARGET = 256L << 20;
  private static final long PRIMARY_KEY_TARGET = 128L << 20;

  static WriteSettings of(Options options, boolean primaryKey) {
    Long target = options.get(TableOptions.TARGET_FILE_SIZE);
    return new WriteSettings(
        ParquetWriteOptions.fromTableOptions(options.toMap()),
        target != null ? target : (primaryKey ? PRIMARY_KEY_TARGET : APPEND_TARGET),
        options.get(TableOptions.FILE_FORMAT));
  }
}
