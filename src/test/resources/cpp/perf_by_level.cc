// Counts, level by level, what RocksDB's Get does with absent keys: the filter checks that said "absent"
// (bloom_filter_useful), those that said "maybe" (bloom_filter_full_positive), those whose key was there
// (bloom_filter_full_true_positive), and the data blocks read (block cache hits plus misses), from RocksDB's
// per-level perf context (PerfContextByLevel, include/rocksdb/perf_context.h), which RocksJava does not reach.
// The absent keys: every STEP-th stored key with one zero byte appended, which sorts right after it, so that
// it falls inside the key ranges of the files that hold its neighbours and no stored key equals it (db_bench's
// keys have one length). Opened read-only with the database's own OPTIONS file.
// Prints "lookups N", then one line per level: "L<level> useful U positive P true T blocks B".
// Usage: perf_by_level DB_DIR STEP
#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <rocksdb/convenience.h>
#include <rocksdb/db.h>
#include <rocksdb/iostats_context.h>
#include <rocksdb/options.h>
#include <rocksdb/perf_context.h>
#include <rocksdb/perf_level.h>
#include <rocksdb/utilities/options_util.h>

int main(int argc, char** argv) {
  if (argc != 3) return 2;
  long step = std::atol(argv[2]);
  if (step < 1) return 2;
  rocksdb::ConfigOptions config;
  config.ignore_unknown_options = true;
  rocksdb::DBOptions db_options;
  std::vector<rocksdb::ColumnFamilyDescriptor> families;
  rocksdb::Status s = rocksdb::LoadLatestOptions(config, argv[1], &db_options, &families);
  if (!s.ok()) { std::fprintf(stderr, "%s\n", s.ToString().c_str()); return 3; }
  std::vector<rocksdb::ColumnFamilyHandle*> handles;
  rocksdb::DB* db = nullptr;
  s = rocksdb::DB::OpenForReadOnly(db_options, argv[1], families, &handles, &db);
  if (!s.ok()) { std::fprintf(stderr, "%s\n", s.ToString().c_str()); return 4; }
  std::vector<std::string> absent;
  {
    std::unique_ptr<rocksdb::Iterator> it(db->NewIterator(rocksdb::ReadOptions(), handles[0]));
    long k = 0;
    for (it->SeekToFirst(); it->Valid(); it->Next(), k++) {
      if (k % step == 0) absent.push_back(it->key().ToString() + std::string(1, '\0'));
    }
  }
  rocksdb::SetPerfLevel(rocksdb::PerfLevel::kEnableCount);
  rocksdb::get_perf_context()->Reset();
  rocksdb::get_perf_context()->EnablePerLevelPerfContext();
  std::string value;
  for (const auto& key : absent) {
    s = db->Get(rocksdb::ReadOptions(), handles[0], key, &value);
    if (!s.IsNotFound()) { std::fprintf(stderr, "found an absent key\n"); return 5; }
  }
  std::printf("lookups %zu\n", absent.size());
  auto* levels = rocksdb::get_perf_context()->level_to_perf_context;
  if (levels != nullptr) {
    for (const auto& l : *levels) {
      std::printf("L%u useful %llu positive %llu true %llu blocks %llu\n", l.first,
                  (unsigned long long) l.second.bloom_filter_useful,
                  (unsigned long long) l.second.bloom_filter_full_positive,
                  (unsigned long long) l.second.bloom_filter_full_true_positive,
                  (unsigned long long) (l.second.block_cache_hit_count + l.second.block_cache_miss_count));
    }
  }
  for (auto* h : handles) db->DestroyColumnFamilyHandle(h);
  delete db;
  return 0;
}
