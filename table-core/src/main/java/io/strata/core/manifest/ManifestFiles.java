package io.strata.core.manifest;

import io.strata.core.io.CorruptFileException;
import io.strata.core.io.FileIO;
import io.strata.core.paths.FileNamer;
import io.strata.core.paths.TablePaths;
import io.strata.core.types.RowType;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.apache.hadoop.fs.Path;

/**
 * Reads and writes the manifests and manifest lists of one table; reads go through a {@link
 * ManifestCache}.
 */
public final class ManifestFiles {

  private final FileIO fileIO;
  private final TablePaths paths;
  private final RowType partitionType;
  private final String compression;
  private final long targetFileSize;
  private final FileNamer manifestNames = FileNamer.manifests();
  private final FileNamer listNames = FileNamer.manifestLists();
  private final FileNamer indexManifestNames = new FileNamer("index-manifest-", "");
  private final ManifestCache cache;

  public ManifestFiles(
      FileIO fileIO,
      TablePaths paths,
      RowType partitionType,
      String compression,
      long targetFileSize,
      ManifestCache cache) {
    this.cache = cache;
    this.fileIO = fileIO;
    this.paths = paths;
    this.partitionType = partitionType;
    this.compression = compression;
    this.targetFileSize = targetFileSize;
  }

  public List<ManifestEntry> readManifest(String fileName) {
    return decodeManifest(fileName).records();
  }

  public List<ManifestFileMeta> readManifestList(String fileName) {
    return decodeManifestList(fileName).records();
  }

  /** The records of one manifest or manifest list and whether they came from the cache. */
  public record Decoded<T>(List<T> records, boolean fromCache) {}

  /** A manifest's entries, from the cache when it holds them. */
  public Decoded<ManifestEntry> decodeManifest(String fileName) {
    return decode(fileName, CorruptFileException.Kind.MANIFEST, "manifest", ManifestCodec::read);
  }

  /** A manifest list's records, from the cache when it holds them. */
  public Decoded<ManifestFileMeta> decodeManifestList(String fileName) {
    return decode(
        fileName,
        CorruptFileException.Kind.MANIFEST_LIST,
        "manifest list",
        ManifestListCodec::read);
  }

  /**
   * The entries of an index manifest (a snapshot's {@code indexManifest}): every live index file of
   * the table, from the cache when it holds them.
   */
  public List<IndexManifestEntry> readIndexManifest(String fileName) {
    return decode(
            fileName,
            CorruptFileException.Kind.INDEX_MANIFEST,
            "index manifest",
            IndexManifestCodec::read)
        .records();
  }

  private <T> Decoded<T> decode(
      String fileName,
      CorruptFileException.Kind kind,
      String what,
      Function<byte[], List<T>> codec) {
    Path path = paths.manifest(fileName);
    String key = path.toString();
    List<T> cached = cache.enabled() ? cache.get(key) : null;
    if (cached != null) {
      return new Decoded<>(cached, true);
    }
    byte[] bytes;
    try (InputStream in = fileIO.newInputStream(path)) {
      bytes = in.readAllBytes();
    } catch (java.io.FileNotFoundException e) {
      throw new UncheckedIOException("Cannot read " + what + " " + path, e);
    } catch (IOException e) {
      throw CorruptFileException.of(kind, path, e);
    }
    List<T> records;
    try {
      records = List.copyOf(codec.apply(bytes));
    } catch (RuntimeException e) {
      throw CorruptFileException.of(kind, path, e);
    }
    cache.put(key, records, bytes.length);
    return new Decoded<>(records, false);
  }

  /** Writes entries into one or more manifests of about the target size. */
  public List<ManifestFileMeta> writeManifests(List<ManifestEntry> entries) {
    List<ManifestFileMeta> result = new ArrayList<>();
    if (entries.isEmpty()) {
      return result;
    }
    byte[] all = ManifestCodec.write(entries, compression);
    int chunks =
        (int)
            Math.max(
                1, Math.min(entries.size(), (all.length + targetFileSize - 1) / targetFileSize));
    if (chunks == 1) {
      result.add(writeManifest(entries, all));
      return result;
    }
    int per = (entries.size() + chunks - 1) / chunks;
    for (int from = 0; from < entries.size(); from += per) {
      List<ManifestEntry> chunk = entries.subList(from, Math.min(entries.size(), from + per));
      result.add(writeManifest(chunk, ManifestCodec.write(chunk, compression)));
    }
    return result;
  }

  private ManifestFileMeta writeManifest(List<ManifestEntry> entries, byte[] bytes) {
    String name = manifestNames.next();
    write(name, bytes);
    PartitionStatsCollector stats = new PartitionStatsCollector(partitionType);
    long added = 0;
    long deleted = 0;
    long schemaId = 0;
    int minBucket = Integer.MAX_VALUE;
    int maxBucket = Integer.MIN_VALUE;
    int minLevel = Integer.MAX_VALUE;
    int maxLevel = Integer.MIN_VALUE;
    for (ManifestEntry e : entries) {
      if (e.kind() == FileKind.ADD) {
        added++;
      } else {
        deleted++;
      }
      stats.add(e.partition());
      schemaId = Math.max(schemaId, e.file().schemaId());
      minBucket = Math.min(minBucket, e.bucket());
      maxBucket = Math.max(maxBucket, e.bucket());
      minLevel = Math.min(minLevel, e.file().level());
      maxLevel = Math.max(maxLevel, e.file().level());
    }
    return new ManifestFileMeta(
        name,
        bytes.length,
        added,
        deleted,
        stats.result(),
        schemaId,
        minBucket,
        maxBucket,
        minLevel,
        maxLevel);
  }

  /** Writes a manifest list and returns its file name and size. */
  public WrittenList writeManifestList(List<ManifestFileMeta> metas) {
    String name = listNames.next();
    byte[] bytes = ManifestListCodec.write(metas, compression);
    write(name, bytes);
    return new WrittenList(name, bytes.length);
  }

  /** Writes an index manifest listing every live index file; returns its file name. */
  public String writeIndexManifest(List<IndexManifestEntry> entries) {
    String name = indexManifestNames.next();
    write(name, IndexManifestCodec.write(entries, compression));
    return name;
  }

  /** A manifest list just written. */
  public record WrittenList(String fileName, long size) {}

  private void write(String name, byte[] bytes) {
    try (OutputStream out = fileIO.newOutputStream(paths.manifest(name))) {
      out.write(bytes);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot write " + paths.manifest(name), e);
    }
  }

  public void deleteQuietly(String fileName) {
    try {
      fileIO.delete(paths.manifest(fileName));
    } catch (IOException ignored) {
      // Left-overs are orphans that remove_orphan_files cleans.
    }
  }
}
