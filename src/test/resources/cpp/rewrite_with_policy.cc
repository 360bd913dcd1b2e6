// Rewrites every table file of a database at its own level with the exported MonkeyLevelFilterPolicy
// (policy.h), as a process that links the export and opens the database with it would write them: the
// database opened with its own OPTIONS file (LoadLatestOptions), the policy set on the default column
// family's block-based table options, automatic compactions off, and each file compacted alone into its
// own level by CompactFiles (oldest first), so that the tree keeps its shape. Prints "rewrote N files".
// Usage: rewrite_with_policy DB_DIR
#include <algorithm>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include <rocksdb/convenience.h>
#include <rocksdb/db.h>
#include <rocksdb/metadata.h>
#include <rocksdb/options.h>
#include <rocksdb/table.h>
#include <rocksdb/utilities/options_util.h>

#include "policy.h"

int main(int argc, char** argv) {
  if (argc != 2) return 2;
  rocksdb::ConfigOptions config;
  config.ignore_unknown_options = true;
  rocksdb::DBOptions db_options;
  std::vector<rocksdb::ColumnFamilyDescriptor> families;
  rocksdb::Status s = rocksdb::LoadLatestOptions(config, argv[1], &db_options, &families);
  if (!s.ok()) { std::fprintf(stderr, "%s\n", s.ToString().c_str()); return 3; }
  for (auto& f : families) {
    f.options.disable_auto_compactions = true;
    if (f.name != rocksdb::kDefaultColumnFamilyName) continue;
    auto* table = f.options.table_factory->GetOptions<rocksdb::BlockBasedTableOptions>();
    if (table == nullptr) return 4;
    table->filter_policy = std::make_shared<MonkeyLevelFilterPolicy>();
    table->optimize_filters_for_memory = false;
  }
  std::vector<rocksdb::ColumnFamilyHandle*> handles;
  rocksdb::DB* db = nullptr;
  s = rocksdb::DB::Open(db_options, argv[1], families, &handles, &db);
  if (!s.ok()) { std::fprintf(stderr, "%s\n", s.ToString().c_str()); return 5; }
  rocksdb::ColumnFamilyMetaData meta;
  db->GetColumnFamilyMetaData(handles[0], &meta);
  int rewritten = 0;
  for (const auto& level : meta.levels) {
    std::vector<rocksdb::SstFileMetaData> files = level.files;
    std::sort(files.begin(), files.end(), [](const rocksdb::SstFileMetaData& a, const rocksdb::SstFileMetaData& b) {
      return a.smallest_seqno < b.smallest_seqno;
    });
    for (const auto& f : files) {
      s = db->CompactFiles(rocksdb::CompactionOptions(), handles[0], {f.name}, level.level);
      if (!s.ok()) { std::fprintf(stderr, "%s: %s\n", f.name.c_str(), s.ToString().c_str()); return 6; }
      rewritten++;
    }
  }
  for (auto* h : handles) db->DestroyColumnFamilyHandle(h);
  delete db;
  std::printf("rewrote %d files\n", rewritten);
  return 0;
}
