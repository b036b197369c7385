package io.strata.core.write;

import io.strata.core.options.Options;
import io.strata.core.options.TableOptions;
import java.nio.file.Path;

/**
 * How primary-key write buffers spill, from table options: whether they may ({@code
 * write-buffer-spillable}, unset means yes), where (a local directory of the task), how much disk a
 * bucket may use ({@code write-buffer-spill.max-disk-size}) and how many spilled files are merged
 * at once ({@code local-sort.max-num-file-handles}), and how spilled runs are compressed ({@code
 * spill-compression}).
 */
record SpillSettings(
    boolean spillable, Path dir, long maxDiskSize, int maxFanIn, SpillCodec codec) {

  /** Uncompressed spills. */
  SpillSettings(boolean spillable, Path dir, long maxDiskSize, int maxFanIn) {
    this(spillable, dir, maxDiskSize, maxFanIn, SpillCodec.NONE);
  }

  static SpillSettings of(Options options, Path dir) {
    Boolean spillable = options.get(TableOptions.WRITE_BUFFER_SPILLABLE);
    Long maxDisk = options.get(TableOptions.WRITE_BUFFER_SPILL_MAX_DISK_SIZE);
    return new SpillSettings(
        spillable == null || spillable,
        dir,
        maxDisk == null ? Long.MAX_VALUE : maxDisk,
        options.get(TableOptions.LOCAL_SORT_MAX_NUM_FILE_HANDLES),
        new SpillCodec(
            options.get(TableOptions.SPILL_COMPRESSION),
            options.get(TableOptions.SPILL_COMPRESSION_ZSTD_LEVEL)));
  }
}
