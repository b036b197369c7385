package io.strata.spark.extensions;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class StatementRewriterTest {

  private static String rewrite(String sql) {
    return StatementRewriter.rewrite(sql, null).orElse("<unchanged>");
  }

  @Test
  void createTagVariants() {
    assertThat(rewrite("ALTER TABLE db.t CREATE TAG v1"))
        .isEqualTo("CALL sys.create_tag(table => 'db.t', tag => 'v1')");
    assertThat(
            rewrite("alter table t create tag if not exists `v-1` as of version 3 retain 2 days;"))
        .isEqualTo(
            "CALL sys.create_tag(table => 't', tag => 'v-1', snapshot => 3, time_retained => '2 d',"
                + " mode => 'if_not_exists')");
    assertThat(rewrite("ALTER TABLE cat.db.t CREATE OR REPLACE TAG v RETAIN 5 HOURS"))
        .isEqualTo(
            "CALL `cat`.sys.create_tag(table => 'db.t', tag => 'v', time_retained => '5 h', mode"
                + " => 'create_or_replace')");
    assertThat(rewrite("ALTER TABLE t REPLACE TAG v AS OF VERSION 2"))
        .isEqualTo(
            "CALL sys.create_tag(table => 't', tag => 'v', snapshot => 2, mode => 'replace')");
  }

  @Test
  void deleteRenameAndShowTags() {
    assertThat(rewrite("ALTER TABLE t DELETE TAG a, b"))
        .isEqualTo("CALL sys.delete_tag(table => 't', tag => 'a,b', mode => 'strict')");
    assertThat(rewrite("ALTER TABLE t DELETE TAG IF EXISTS a"))
        .isEqualTo("CALL sys.delete_tag(table => 't', tag => 'a')");
    assertThat(rewrite("ALTER TABLE db.t RENAME TAG a TO b"))
        .isEqualTo("CALL sys.rename_tag(table => 'db.t', tag => 'a', target_tag => 'b')");
    assertThat(rewrite("SHOW TAGS db.t"))
        .isEqualTo("SELECT tag_name FROM db.`t$tags` ORDER BY tag_name");
  }

  @Test
  void flinkHintBecomesOptionsClause() {
    assertThat(rewrite("SELECT * FROM t /*+ OPTIONS('scan.snapshot-id' = '1') */ WHERE id = 1"))
        .isEqualTo("SELECT * FROM t  WITH ('scan.snapshot-id' = '1')  WHERE id = 1");
  }

  @Test
  void callGetsACatalogOnlyWhenNeeded() {
    assertThat(StatementRewriter.rewrite("CALL sys.compact(table => 't')", "strata"))
        .contains("CALL strata.sys.compact(table => 't')");
    assertThat(StatementRewriter.rewrite("CALL sys.compact(table => 't')", null)).isEmpty();
  }

  @Test
  void otherStatementsAreLeftAlone() {
    assertThat(StatementRewriter.rewrite("ALTER TABLE t SET TBLPROPERTIES ('a'='b')", null))
        .isEmpty();
    assertThat(StatementRewriter.rewrite("SELECT '/*+ not a hint */'", null)).isEmpty();
  }
}
