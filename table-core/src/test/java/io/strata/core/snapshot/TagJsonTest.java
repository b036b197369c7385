package io.strata.core.snapshot;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.core.GoldenFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class TagJsonTest {

  static Stream<Path> goldenTagFiles() throws IOException {
    try (Stream<Path> files = Files.walk(GoldenFiles.goldenDir().resolve("warehouse"))) {
      List<Path> list =
          files
              .filter(p -> p.getParent().getFileName().toString().equals("tag"))
              .filter(p -> p.getFileName().toString().startsWith("tag-"))
              .sorted()
              .toList();
      assertThat(list).hasSizeGreaterThanOrEqualTo(2);
      return list.stream();
    }
  }

  @ParameterizedTest
  @MethodSource("goldenTagFiles")
  void goldenTagRoundTripsByteForByte(Path file) throws IOException {
    String json = Files.readString(file);
    Tag tag = TagJson.fromJson(json);
    assertThat(tag.createTime()).isNull();
    assertThat(tag.timeRetained()).isNull();
    assertThat(tag.snapshot()).isEqualTo(SnapshotJson.fromJson(json));
    assertThat(TagJson.toJson(tag)).isEqualTo(json);
  }

  @Test
  void seed002TagV1IsSnapshot1() throws IOException {
    Path table = GoldenFiles.goldenTable("orders_seed002");
    Tag tag = TagJson.fromJson(Files.readString(table.resolve("tag/tag-v1")));
    Snapshot snapshot1 =
        SnapshotJson.fromJson(Files.readString(table.resolve("snapshot/snapshot-1")));
    assertThat(tag).isEqualTo(Tag.of(snapshot1));
  }

  /** Tags with a retention, as Paimon 1.3.1 writes them (array shortened when s/nanos are 0). */
  @Test
  void retainedTagsMatchPaimon() throws IOException {
    Snapshot snap =
        SnapshotJson.fromJson(
            Files.readString(
                GoldenFiles.goldenTable("orders_seed004").resolve("snapshot/snapshot-1")));
    check(
        "tag-retained-2d.json",
        new Tag(snap, LocalDateTime.of(2024, 1, 2, 3, 4, 5, 123456000), Duration.ofDays(2)),
        "\"tagTimeRetained\" : 172800.000000000");
    check(
        "tag-retained-1.5s.json",
        new Tag(snap, LocalDateTime.of(2024, 1, 2, 3, 4), Duration.ofMillis(1500)),
        "\"tagCreateTime\" : [ 2024, 1, 2, 3, 4 ]");
    check(
        "tag-retained-zero.json",
        new Tag(snap, LocalDateTime.of(2024, 12, 31, 23, 59, 7), Duration.ZERO),
        "\"tagTimeRetained\" : 0.0");
    check(
        "tag-retained-negative.json",
        new Tag(snap, LocalDateTime.of(2024, 1, 2, 3, 4, 0, 1000000), Duration.ofSeconds(-1, 5)),
        "\"tagTimeRetained\" : -0.999999995");
  }

  private static void check(String resource, Tag tag, String contains) throws IOException {
    String json = resource(resource);
    assertThat(json).contains(contains);
    assertThat(TagJson.toJson(tag)).isEqualTo(json);
    assertThat(TagJson.fromJson(json)).isEqualTo(tag);
    assertThat(SnapshotJson.fromJson(json)).isEqualTo(tag.snapshot());
  }

  @Test
  void readsIsoTextForms() {
    String json =
        SnapshotJson.toJson(
                SnapshotJson.fromJson(
                    "{\"id\":1,\"schemaId\":0,\"commitKind\":\"APPEND\",\"timeMillis\":1}"))
            .replaceFirst(
                "\n}$",
                ",\n  \"tagCreateTime\" : \"2024-01-02T03:04:05\",\n"
                    + "  \"tagTimeRetained\" : \"PT1H\"\n}");
    Tag tag = TagJson.fromJson(json);
    assertThat(tag.createTime()).isEqualTo(LocalDateTime.of(2024, 1, 2, 3, 4, 5));
    assertThat(tag.timeRetained()).isEqualTo(Duration.ofHours(1));
  }

  static String resource(String name) throws IOException {
    // Written by Paimon's serializers (scripts/golden), next to the golden tables.
    return Files.readString(GoldenFiles.resolve("json", name), StandardCharsets.UTF_8);
  }
}
