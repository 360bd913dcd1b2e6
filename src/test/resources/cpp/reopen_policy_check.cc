// Whether every process that opens a database written with the exported MonkeyLevelFilterPolicy
// (policy.h) still uses its filters. Usage: reopen_policy_check MODE DB_DIR KEYS
//   build       open DB_DIR with the policy, write KEYS keys, flush, close (the OPTIONS file then names
//               the policy); prints "built"
//   registered  RegisterMonkeyLevelFilterPolicy(), load the latest OPTIONS file, open with it, look up KEYS
//               absent keys; prints "policy <name>" and "useful <BLOOM_FILTER_USEFUL>"
//   stock       the same without the registration (the policy cannot be recreated), then with the table's
//               filter_policy set to rocksdb.BuiltinBloomFilter, as the export says; prints "policy <name>"
//               and "useful <n>" for each of the two opens
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include <rocksdb/convenience.h>
#include <rocksdb/db.h>
#include <rocksdb/options.h>
#include <rocksdb/statistics.h>
#include <rocksdb/table.h>
#include <rocksdb/utilities/options_util.h>

#include "policy.h"

static int Build(const char* dir, int keys) {
  rocksdb::Options options;
  options.create_if_missing = true;
  options.disable_auto_compactions = true;
  rocksdb::BlockBasedTableOptions table;
  table.format_version = 5;
  table.filter_policy = std::make_shared<MonkeyLevelFilterPolicy>();
  options.table_factory.reset(rocksdb::NewBlockBasedTableFactory(table));
  rocksdb::DB* db = nullptr;
  if (!rocksdb::DB::Open(options, dir, &db).ok()) return 4;
  for (int k = 0; k < keys; k++) {
    char key[32];
    std::snprintf(key, sizeof key, "key-%08d", k);
    if (!db->Put(rocksdb::WriteOptions(), key, "v").ok()) return 5;
  }
  if (!db->Flush(rocksdb::FlushOptions()).ok()) return 6;
  delete db;
  std::printf("built\n");
  return 0;
}

// Opens with the loaded options (the table's filter policy replaced when `policy` is given), looks up
// absent keys and prints the policy's name and the filter's useful count.
static int Reopen(const char* dir, int keys, const std::shared_ptr<const rocksdb::FilterPolicy>& policy) {
  rocksdb::ConfigOptions config;
  rocksdb::DBOptions db_options;
  std::vector<rocksdb::ColumnFamilyDescriptor> families;
  rocksdb::Status s = rocksdb::LoadLatestOptions(config, dir, &db_options, &families);
  if (!s.ok()) {
    std::printf("load %s\n", s.ToString().c_str());
    return 7;
  }
  auto* table = families[0].options.table_factory->GetOptions<rocksdb::BlockBasedTableOptions>();
  if (table == nullptr) return 8;
  rocksdb::BlockBasedTableOptions copy = *table;
  if (policy) copy.filter_policy = policy;
  families[0].options.table_factory.reset(rocksdb::NewBlockBasedTableFactory(copy));
  std::printf("policy %s\n", copy.filter_policy ? copy.filter_policy->Name() : "null");
  db_options.statistics = rocksdb::CreateDBStatistics();
  std::vector<rocksdb::ColumnFamilyHandle*> handles;
  rocksdb::DB* db = nullptr;
  if (!rocksdb::DB::Open(db_options, dir, families, &handles, &db).ok()) return 9;
  for (int k = 0; k < keys; k++) {
    char key[32];
    std::snprintf(key, sizeof key, "key-%08d-absent", k);
    std::string value;
    if (!db->Get(rocksdb::ReadOptions(), handles[0], key, &value).IsNotFound()) return 10;
  }
  std::printf("useful %llu\n",
              static_cast<unsigned long long>(db_options.statistics->getTickerCount(rocksdb::BLOOM_FILTER_USEFUL)));
  for (auto* h : handles) db->DestroyColumnFamilyHandle(h);
  delete db;
  return 0;
}

int main(int argc, char** argv) {
  if (argc != 4) return 2;
  int keys = std::atoi(argv[3]);
  if (std::strcmp(argv[1], "build") == 0) return Build(argv[2], keys);
  if (std::strcmp(argv[1], "registered") == 0) {
    RegisterMonkeyLevelFilterPolicy();
    return Reopen(argv[2], keys, nullptr);
  }
  if (std::strcmp(argv[1], "stock") == 0) {
    int rc = Reopen(argv[2], keys, nullptr);
    if (rc != 0) return rc;
    std::shared_ptr<const rocksdb::FilterPolicy> builtin;
    if (!rocksdb::FilterPolicy::CreateFromString(rocksdb::ConfigOptions(), "rocksdb.BuiltinBloomFilter", &builtin)
             .ok()) {
      return 11;
    }
    return Reopen(argv[2], keys, builtin);
  }
  return 2;
}
