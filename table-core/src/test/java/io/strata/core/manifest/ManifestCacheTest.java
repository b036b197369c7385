package io.strata.core.manifest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.core.io.CorruptFileException;
import io.strata.core.io.HadoopFileIO;
import io.strata.core.options.Options;
import io.strata.core.paths.TablePaths;
import io.strata.core.types.DataField;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ManifestCacheTest {

  @TempDir Path dir;

  private static List<ManifestFileMeta> metas(String name) {
    return List.of(new ManifestFileMeta(name, 10, 1, 0, SimpleStats.EMPTY, 0, 0, 0, 0, 0));
  }

  private static long weight(String name) {
    return ManifestCache.estimatedBytes(metas(name));
  }

  @Test
  void evictsTheLeastRecentlyUsedFileBeyondTheBudget() {
    ManifestCache cache = new ManifestCache(new ManifestCache.Settings(true, 2 * weight("a"), 100));
    cache.put("a", metas("a"), 10);
    cache.put("b", metas("b"), 10);
    assertThat(cache.<ManifestFileMeta>get("a")).isEqualTo(metas("a")); // a is now the newest
    cache.put("c", metas("c"), 10);

    assertThat(cache.size()).isEqualTo(2);
    assertThat(cache.<ManifestFileMeta>get("b")).isNull();
    assertThat(cache.<ManifestFileMeta>get("a")).isEqualTo(metas("a"));
    assertThat(cache.<ManifestFileMeta>get("c")).isEqualTo(metas("c"));
  }

  @Test
  void keepsNoFileLargerThanTheThresholdAndNothingWhenDisabled() {
    ManifestCache cache = new ManifestCache(new ManifestCache.Settings(true, 1 << 20, 100));
    cache.put("big", metas("big"), 101);
    assertThat(cache.size()).isZero();

    cache.put("small", metas("small"), 100);
    assertThat(cache.size()).isEqualTo(1);
    cache.configure(new ManifestCache.Settings(false, 1 << 20, 100));
    assertThat(cache.size()).isZero();
    cache.put("again", metas("again"), 1);
    assertThat(cache.size()).isZero();
  }

  @Test
  void settingsComeFromPaimonsCatalogOptions() {
    assertThat(ManifestCache.Settings.of(new Options(Map.of())))
        .isEqualTo(new ManifestCache.Settings(true, 128L << 20, 1L << 20));
    assertThat(
            ManifestCache.Settings.of(
                new Options(Map.of("cache.manifest.max-memory", "1 gb", "cache-enabled", "false"))))
        .isEqualTo(new ManifestCache.Settings(false, 1L << 30, Long.MAX_VALUE));
  }

  @Test
  void aFileThatFailsToDecodeIsNeverCached() throws Exception {
    ManifestCache cache = new ManifestCache(new ManifestCache.Settings(true, 1 << 20, 1 << 20));
    org.apache.hadoop.fs.Path root = new org.apache.hadoop.fs.Path(dir.toUri());
    ManifestFiles files =
        new ManifestFiles(
            HadoopFileIO.local(),
            new TablePaths(root),
            new RowType(List.of(new DataField(0, "p", DataTypes.INT()))),
            "zstd",
            8 << 20,
            cache);
    Files.createDirectories(dir.resolve("manifest"));
    Files.write(dir.resolve("manifest").resolve("manifest-broken-0"), new byte[] {1, 2, 3});

    assertThatThrownBy(() -> files.decodeManifest("manifest-broken-0"))
        .isInstanceOf(CorruptFileException.class)
        .hasMessageContaining("manifest-broken-0");
    assertThat(cache.size()).isZero();

    String name =
        files.writeManifests(List.of(ManifestCodecTest.sampleEntry(false))).get(0).fileName();
    assertThat(files.decodeManifest(name).fromCache()).isFalse();
    assertThat(files.decodeManifest(name).fromCache()).isTrue();
    assertThat(files.decodeManifest(name).records()).isEqualTo(files.readManifest(name));
  }
}
