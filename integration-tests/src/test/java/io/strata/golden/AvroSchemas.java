package io.strata.golden;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.file.DataFileStream;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericRecord;
import org.apache.paimon.Snapshot;
import org.apache.paimon.table.FileStoreTable;

/**
 * {@code avro-schemas/}: the Avro schema, codec and records (as generic Avro prints them) of a real
 * manifest list and manifest of {@code orders_seed002}.
 */
final class AvroSchemas {

  /** Snapshot 4 is the compaction: its base list names the manifests of the three writes. */
  private static final long SNAPSHOT = 4;

  private AvroSchemas() {}

  static void write(FileStoreTable seed002, Path dir) throws IOException {
    Files.createDirectories(dir);
    Snapshot snapshot = seed002.snapshotManager().snapshot(SNAPSHOT);
    Path manifests = Path.of(seed002.location().toUri()).resolve("manifest");
    Path list = manifests.resolve(snapshot.baseManifestList());
    List<GenericRecord> listRecords = dump(list, dir, "manifest-list");
    // The first manifest of that list: the first write's three data files.
    String first = listRecords.get(0).get("_FILE_NAME").toString();
    dump(manifests.resolve(first), dir, "manifest");
  }

  private static List<GenericRecord> dump(Path avro, Path dir, String name) throws IOException {
    List<GenericRecord> records = new ArrayList<>();
    List<String> lines = new ArrayList<>();
    try (InputStream in = Files.newInputStream(avro);
        DataFileStream<GenericRecord> stream =
            new DataFileStream<>(in, new GenericDatumReader<>())) {
      Files.writeString(dir.resolve(name + ".avsc"), stream.getSchema().toString(true) + "\n");
      Files.writeString(dir.resolve(name + ".codec"), stream.getMetaString("avro.codec") + "\n");
      for (GenericRecord r : stream) {
        records.add(r);
        lines.add(r.toString());
      }
    }
    Files.write(dir.resolve(name + ".records.txt"), lines, StandardCharsets.UTF_8);
    return records;
  }
}
