package io.strata.core.expire;

import io.strata.core.io.FileIO;
import io.strata.core.io.FileTaskPool;
import io.strata.core.manifest.IndexManifestEntry;
import io.strata.core.manifest.ManifestEntry;
import io.strata.core.manifest.ManifestFileMeta;
import io.strata.core.manifest.ManifestFiles;
import io.strata.core.paths.DataFilePaths;
import io.strata.core.paths.TablePaths;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.snapshot.SnapshotJson;
import io.strata.core.snapshot.Tag;
import io.strata.core.store.FileStore;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.fs.Path;

/**
 * The files below a table directory that some version reads: the manifest lists, manifests, index
 * manifests and data files of every snapshot and tag. Snapshots, manifest lists and manifests are
 * each read once, on the file task pool. A metadata file that cannot be read fails the whole
 * computation, so that orphan removal never takes a referenced file for an orphan.
 */
final class ReferencedFiles {

  private final FileStore table;
  private final ManifestFiles manifests;
  private final FileTaskPool pool;

  ReferencedFiles(FileStore table, FileTaskPool pool) {
    this.table = table;
    this.manifests = table.manifestFiles();
    this.pool = pool;
  }

  /** Paths relative to the table root, e.g. {@code manifest/manifest-1-0} or {@code bucket-0/x}. */
  Set<String> relativePaths() {
    List<Snapshot> versions = versions();
    Set<String> lists = new LinkedHashSet<>();
    Set<String> indexManifests = new LinkedHashSet<>();
    Set<String> referenced = new HashSet<>();
    for (Snapshot s : versions) {
      for (String list :
          new String[] {s.baseManifestList(), s.deltaManifestList(), s.changelogManifestList()}) {
        if (list != null) {
          lists.add(list);
        }
      }
      if (s.indexManifest() != null) {
        indexManifests.add(s.indexManifest());
      }
      addStatistics(s, referenced);
    }
    // Paimon's changelog metadata outlives the base and delta lists of its snapshot, which its
    // expiration deleted: those are gone, not missing.
    Set<String> paimonLists = new LinkedHashSet<>();
    for (Snapshot s : pool.map(paimonOnlyVersions(), this::readVersion)) {
      for (String list :
          new String[] {s.baseManifestList(), s.deltaManifestList(), s.changelogManifestList()}) {
        if (list != null && !lists.contains(list) && exists(table.paths().manifest(list))) {
          paimonLists.add(list);
        }
      }
      if (s.indexManifest() != null && exists(table.paths().manifest(s.indexManifest()))) {
        indexManifests.add(s.indexManifest());
      }
      addStatistics(s, referenced);
    }
    lists.addAll(paimonLists);
    Set<String> manifestNames = new LinkedHashSet<>();
    for (List<ManifestFileMeta> metas : pool.map(lists, manifests::readManifestList)) {
      metas.forEach(m -> manifestNames.add(m.fileName()));
    }
    lists.forEach(name -> referenced.add("manifest/" + name));
    indexManifests.forEach(name -> referenced.add("manifest/" + name));
    for (List<String> paths : pool.map(indexManifests, this::indexFilesOf)) {
      referenced.addAll(paths);
    }
    manifestNames.forEach(name -> referenced.add("manifest/" + name));
    DataFilePaths dataFiles = table.dataFilePaths();
    for (List<String> paths : pool.map(manifestNames, name -> dataFilesOf(name, dataFiles))) {
      referenced.addAll(paths);
    }
    return referenced;
  }

  private List<String> dataFilesOf(String manifest, DataFilePaths dataFiles) {
    List<String> paths = new ArrayList<>();
    for (ManifestEntry e : manifests.readManifest(manifest)) {
      Path p =
          dataFiles.of(e.partition(), e.bucket(), e.file().fileName(), e.file().externalPath());
      paths.add(relative(table.root(), p));
      // Paimon's file indexes of a data file ('file-index.*') sit next to it.
      for (String extra : e.file().extraFiles()) {
        paths.add(relative(table.root(), new Path(p.getParent(), extra)));
      }
    }
    return paths;
  }

  /** Deletion vectors and hash indexes an index manifest names. */
  private List<String> indexFilesOf(String indexManifest) {
    List<String> paths = new ArrayList<>();
    for (IndexManifestEntry e : manifests.readIndexManifest(indexManifest)) {
      Path p =
          table
              .indexFilePaths()
              .of(
                  e.partition(),
                  e.bucket(),
                  e.indexFile().fileName(),
                  e.indexFile().externalPath());
      paths.add(relative(table.root(), p));
    }
    return paths;
  }

  private List<Snapshot> versions() {
    List<Long> ids;
    try {
      ids = table.snapshotManager().listIds();
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot list the snapshots of " + table.root(), e);
    }
    List<Snapshot> versions = new ArrayList<>(pool.map(ids, table.snapshotManager()::snapshot));
    for (Tag t : table.tagManager().tags().values()) {
      versions.add(t.snapshot());
    }
    return versions;
  }

  /**
   * Versions beside main's snapshots and tags whose files are shared with the table's: the
   * changelog metadata Paimon keeps past snapshot expiration ({@code changelog/changelog-N}, with
   * {@code changelog.num-retained.*}), and the snapshots, tags and changelog metadata of the
   * branches ({@code branch/branch-<name>/...}), which write into the table's manifest and bucket
   * directories. A manifest list they name may be gone (Paimon's expiration of their snapshot).
   */
  private List<Path> paimonOnlyVersions() {
    List<Path> files = new ArrayList<>(jsonFiles(table.paths().changelogDir(), "changelog-"));
    for (FileIO.FileStatusInfo branch : list(table.paths().branchesDir())) {
      if (branch.isDirectory() && TablePaths.branchName(branch.path()) != null) {
        files.addAll(jsonFiles(new Path(branch.path(), "snapshot"), "snapshot-"));
        files.addAll(jsonFiles(new Path(branch.path(), "tag"), "tag-"));
        files.addAll(jsonFiles(new Path(branch.path(), "changelog"), "changelog-"));
      }
    }
    return files;
  }

  private List<Path> jsonFiles(Path dir, String prefix) {
    List<Path> files = new ArrayList<>();
    for (FileIO.FileStatusInfo f : list(dir)) {
      if (!f.isDirectory() && f.path().getName().startsWith(prefix)) {
        files.add(f.path());
      }
    }
    return files;
  }

  /** Paimon's table statistics (ANALYZE), named by the snapshot. */
  private static void addStatistics(Snapshot s, Set<String> referenced) {
    if (s.statistics() != null) {
      referenced.add("statistics/" + s.statistics());
    }
  }

  private boolean exists(Path path) {
    try {
      return table.fileIO().exists(path);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot check " + path, e);
    }
  }

  private List<FileIO.FileStatusInfo> list(Path dir) {
    try {
      return table.fileIO().list(dir); // empty when missing: most tables have no branches
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot list " + dir, e);
    }
  }

  /** A snapshot, tag or changelog file: all hold a snapshot's fields. */
  private Snapshot readVersion(Path file) {
    try {
      return SnapshotJson.fromJson(table.fileIO().readUtf8(file));
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read " + file, e);
    }
  }

  /** {@code p} relative to {@code root} when below it, else its whole path. */
  static String relative(Path root, Path p) {
    String rootPath = root.toUri().getPath();
    String path = p.toUri().getPath();
    return path.startsWith(rootPath + "/") ? path.substring(rootPath.length() + 1) : path;
  }
}
