package io.strata.core.index;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.core.GoldenFiles;
import io.strata.core.catalog.Identifier;
import io.strata.core.catalog.WarehouseCatalog;
import io.strata.core.data.BinaryRowCodec;
import io.strata.core.data.BucketFunction;
import io.strata.core.format.CloseableIterator;
import io.strata.core.io.HadoopFileIO;
import io.strata.core.manifest.IndexManifestEntry;
import io.strata.core.options.Options;
import io.strata.core.read.TableRead;
import io.strata.core.scan.TableScan;
import io.strata.core.split.DataSplit;
import io.strata.core.table.FileStoreTable;
import io.strata.core.types.RowType;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;

class HashIndexFileTest {

  private final FileStoreTable golden =
      new WarehouseCatalog(
              HadoopFileIO.local(), new Path(GoldenFiles.dir().resolve("warehouse").toUri()))
          .loadTable(new Identifier("golden", "pk_dynamic_bucket"));

  private List<IndexManifestEntry> indexEntries() {
    return golden
        .manifestFiles()
        .readIndexManifest(golden.snapshotManager().latest().indexManifest());
  }

  @Test
  void encodesPaimonHashIndexFilesByteForByte() throws Exception {
    List<IndexManifestEntry> entries = indexEntries();
    assertThat(entries).extracting(e -> e.indexFile().indexType()).containsOnly("HASH");
    assertThat(entries).extracting(e -> e.bucket()).containsExactlyInAnyOrder(0, 1, 2);
    for (IndexManifestEntry e : entries) {
      byte[] bytes =
          Files.readAllBytes(
              GoldenFiles.goldenTable("pk_dynamic_bucket")
                  .resolve("index")
                  .resolve(e.indexFile().fileName()));
      int[] hashes = HashIndexFile.decode(bytes);
      assertThat(hashes).hasSize((int) e.indexFile().rowCount());
      assertThat(bytes).hasSize((int) e.indexFile().fileSize());
      assertThat(HashIndexFile.encode(hashes)).isEqualTo(bytes);
    }
  }

  @Test
  void holdsTheHashOfTheTrimmedPrimaryKeyOfEveryRowOfItsBucket() throws Exception {
    HashIndexFile files = new HashIndexFile(golden.fileIO(), golden.indexFilePaths());
    Map<Integer, Set<Integer>> indexed = new HashMap<>();
    for (IndexManifestEntry e : indexEntries()) {
      Set<Integer> set = new HashSet<>();
      Arrays.stream(files.read(e.partition(), e.bucket(), e.indexFile())).forEach(set::add);
      indexed.put(e.bucket(), set);
    }
    RowType keyType = golden.schema().trimmedPrimaryKeyType();
    TableScan scan = new TableScan(golden, new Options(Map.of()));
    int rows = 0;
    for (DataSplit split : scan.plan(golden.snapshotManager().latest()).splits()) {
      try (CloseableIterator<Object[]> reader =
          TableRead.open(golden, split, golden.schema().rowType())) {
        while (reader.hasNext()) {
          Object[] key = {reader.next()[0]};
          int hash = BucketFunction.hash(BinaryRowCodec.serialize(keyType, key));
          assertThat(indexed.get(split.bucket())).contains(hash);
          rows++;
        }
      }
    }
    assertThat(rows).isEqualTo(250);
  }
}
