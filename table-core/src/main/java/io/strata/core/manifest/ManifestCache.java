package io.strata.core.manifest;

import io.strata.core.options.CatalogOptions;
import io.strata.core.options.Options;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Decoded manifests and manifest lists, least recently used first out, within an estimated heap
 * budget. Both kinds of files are immutable and their names unique, so an entry never goes stale;
 * only successfully decoded files are put. One {@link #shared()} instance serves every table and
 * query of the JVM; all methods are thread-safe.
 */
public final class ManifestCache {

  private static final ManifestCache SHARED = new ManifestCache(Settings.of(new Options(Map.of())));

  /** Rough heap of one decoded record beyond its variable-length parts. */
  private static final long RECORD_OVERHEAD = 320;

  private final LinkedHashMap<String, Cached> entries = new LinkedHashMap<>(16, 0.75f, true);
  private Settings settings;
  private long usedBytes;

  public ManifestCache(Settings settings) {
    this.settings = settings;
  }

  /** The cache of this JVM, configured by {@link #configure}. */
  public static ManifestCache shared() {
    return SHARED;
  }

  /**
   * What may be cached.
   *
   * @param maxBytes the estimated heap all cached files may hold
   * @param maxFileBytes the largest (encoded) file that is cached
   */
  public record Settings(boolean enabled, long maxBytes, long maxFileBytes) {

    /** The settings of catalog options (Paimon's {@code cache.manifest.*} keys). */
    public static Settings of(Options catalogOptions) {
      boolean enabled = catalogOptions.get(CatalogOptions.CACHE_ENABLED);
      Long max = catalogOptions.get(CatalogOptions.CACHE_MANIFEST_MAX_MEMORY);
      if (max != null) {
        return new Settings(enabled, max, Long.MAX_VALUE);
      }
      return new Settings(
          enabled,
          catalogOptions.get(CatalogOptions.CACHE_MANIFEST_SMALL_FILE_MEMORY),
          catalogOptions.get(CatalogOptions.CACHE_MANIFEST_SMALL_FILE_THRESHOLD));
    }
  }

  /** Applies new settings, evicting what no longer fits. */
  public synchronized void configure(Settings newSettings) {
    this.settings = newSettings;
    evict();
  }

  /** The decoded records of the file at {@code path}, or null when not cached. */
  synchronized <T> List<T> get(String path) {
    Cached c = entries.get(path);
    @SuppressWarnings("unchecked")
    List<T> records = c == null ? null : (List<T>) c.records();
    return records;
  }

  /** Keeps the records decoded from a file of {@code fileBytes} encoded bytes, if they fit. */
  synchronized void put(String path, List<?> records, long fileBytes) {
    if (!settings.enabled() || fileBytes > settings.maxFileBytes()) {
      return;
    }
    long weight = estimatedBytes(records);
    if (weight > settings.maxBytes()) {
      return;
    }
    Cached old = entries.put(path, new Cached(List.copyOf(records), weight));
    usedBytes += weight - (old == null ? 0 : old.weight());
    evict();
  }

  boolean enabled() {
    return settings.enabled();
  }

  /** Number of files held. */
  public synchronized int size() {
    return entries.size();
  }

  /** Drops every entry (tests of cold planning). */
  public synchronized void clear() {
    entries.clear();
    usedBytes = 0;
  }

  private void evict() {
    Iterator<Cached> eldestFirst = entries.values().iterator();
    while (usedBytes > (settings.enabled() ? settings.maxBytes() : 0) && eldestFirst.hasNext()) {
      usedBytes -= eldestFirst.next().weight();
      eldestFirst.remove();
    }
  }

  static long estimatedBytes(List<?> records) {
    long bytes = 64;
    for (Object r : records) {
      bytes += RECORD_OVERHEAD;
      if (r instanceof ManifestEntry e) {
        DataFileMeta f = e.file();
        bytes +=
            length(e.partition())
                + length(f.minKey())
                + length(f.maxKey())
                + statsBytes(f.keyStats())
                + statsBytes(f.valueStats())
                + 2L * f.fileName().length()
                + (f.embeddedIndex() == null ? 0 : f.embeddedIndex().length);
      } else if (r instanceof ManifestFileMeta m) {
        bytes += statsBytes(m.partitionStats()) + 2L * m.fileName().length();
      }
    }
    return bytes;
  }

  private static long statsBytes(SimpleStats stats) {
    if (stats == null) {
      return 0;
    }
    long n = stats.nullCounts() == null ? 0 : 24L * stats.nullCounts().size();
    return n + length(stats.minValues()) + length(stats.maxValues());
  }

  private static long length(io.strata.core.data.BinaryRow row) {
    return row == null ? 0 : row.bytes().length;
  }

  private record Cached(List<?> records, long weight) {}
}
