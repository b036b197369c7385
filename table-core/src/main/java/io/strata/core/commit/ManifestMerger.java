package io.strata.core.commit;

import io.strata.core.manifest.ManifestEntry;
import io.strata.core.manifest.ManifestFileMeta;
import io.strata.core.manifest.ManifestFiles;
import io.strata.core.scan.FileStoreScan;
import java.util.ArrayList;
import java.util.List;

/**
 * Keeps manifest lists short: once {@code manifest.merge-min-count} manifests smaller than the
 * target size accumulate, their entries are merged (an ADD and its DELETE cancel) and rewritten.
 */
final class ManifestMerger {

  private final ManifestFiles manifestFiles;
  private final int mergeMinCount;
  private final long targetSize;

  ManifestMerger(ManifestFiles manifestFiles, int mergeMinCount, long targetSize) {
    this.manifestFiles = manifestFiles;
    this.mergeMinCount = mergeMinCount;
    this.targetSize = targetSize;
  }

  /**
   * @param written receives the names of manifests this merge writes, for cleanup on failure
   */
  List<ManifestFileMeta> merge(List<ManifestFileMeta> base, List<String> written) {
    List<ManifestFileMeta> small = new ArrayList<>();
    for (ManifestFileMeta m : base) {
      if (m.fileSize() < targetSize) {
        small.add(m);
      }
    }
    if (small.size() < mergeMinCount) {
      return base;
    }
    // Merging only the small ones would reorder an ADD after its DELETE held in a big manifest;
    // merge the whole prefix up to the last small manifest instead.
    int last = base.indexOf(small.get(small.size() - 1));
    List<ManifestFileMeta> toMerge = base.subList(0, last + 1);
    List<List<ManifestEntry>> entries = new ArrayList<>();
    for (ManifestFileMeta m : toMerge) {
      entries.add(manifestFiles.readManifest(m.fileName()));
    }
    List<ManifestEntry> live = FileStoreScan.merge(entries);
    List<ManifestFileMeta> merged = new ArrayList<>(manifestFiles.writeManifests(live));
    merged.forEach(m -> written.add(m.fileName()));
    merged.addAll(base.subList(last + 1, base.size()));
    return merged;
  }
}
