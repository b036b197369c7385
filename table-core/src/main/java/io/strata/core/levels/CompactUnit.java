package io.strata.core.levels;

import io.strata.core.manifest.DataFileMeta;
import java.io.Serializable;
import java.util.List;

/**
 * Files of one bucket to compact together and where the result goes. Deletes are dropped only when
 * nothing older can remain below the output (the output is the bucket's highest level).
 */
public record CompactUnit(List<DataFileMeta> files, int outputLevel, boolean dropDeletes)
    implements Serializable {

  public CompactUnit {
    files = List.copyOf(files);
  }
}
