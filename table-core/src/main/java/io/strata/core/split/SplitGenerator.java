package io.strata.core.split;

import io.strata.core.manifest.DataFileMeta;
import java.util.List;

/** Turns the files of one (partition, bucket) into groups that one task reads each. */
public interface SplitGenerator {

  List<SplitGroup> split(List<DataFileMeta> files);

  /** Files read by one task; raw-convertible groups need no merge. */
  record SplitGroup(List<DataFileMeta> files, boolean rawConvertible) {}
}
