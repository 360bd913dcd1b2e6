// Builds a database with the exported MonkeyLevelFilterPolicy (policy.h) and prints the filter bytes
// of the file a flush writes (level 0) and of the file CompactFiles rewrites into level 6:
//   L0 <bytes>
//   L6 <bytes>
// Usage: level_policy_check DB_DIR KEYS
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include <rocksdb/db.h>
#include <rocksdb/options.h>
#include <rocksdb/table.h>
#include <rocksdb/table_properties.h>

#include "policy.h"

static unsigned long long FilterBytes(rocksdb::DB* db) {
  rocksdb::TablePropertiesCollection tables;
  if (!db->GetPropertiesOfAllTables(&tables).ok()) std::exit(3);
  unsigned long long bytes = 0;
  for (const auto& t : tables) bytes += t.second->filter_size;
  return bytes;
}

int main(int argc, char** argv) {
  if (argc != 3) return 2;
  rocksdb::Options options;
  options.create_if_missing = true;
  options.disable_auto_compactions = true;
  options.num_levels = 7;
  options.level_compaction_dynamic_level_bytes = false;
  rocksdb::BlockBasedTableOptions table;
  table.format_version = 5;
  table.optimize_filters_for_memory = false;
  table.filter_policy = std::make_shared<MonkeyLevelFilterPolicy>();
  options.table_factory.reset(rocksdb::NewBlockBasedTableFactory(table));
  rocksdb::DB* db = nullptr;
  if (!rocksdb::DB::Open(options, argv[1], &db).ok()) return 4;
  int keys = std::atoi(argv[2]);
  for (int k = 0; k < keys; k++) {
    char key[32];
    std::snprintf(key, sizeof key, "key-%08d", k);
    if (!db->Put(rocksdb::WriteOptions(), key, "v").ok()) return 5;
  }
  if (!db->Flush(rocksdb::FlushOptions()).ok()) return 6;
  std::printf("L0 %llu\n", FilterBytes(db));
  std::vector<rocksdb::LiveFileMetaData> files;
  db->GetLiveFilesMetaData(&files);
  std::vector<std::string> names;
  for (const auto& f : files) names.push_back(f.name);
  if (!db->CompactFiles(rocksdb::CompactionOptions(), names, 6).ok()) return 7;
  std::printf("L6 %llu\n", FilterBytes(db));
  delete db;
  return 0;
}
