// Writes an SST file with the RocksDB library installed on the machine (Debian's librocksdb-dev):
// BlockBasedTableOptions format_version 5, NewBloomFilterPolicy(BITS_PER_KEY),
// optimize_filters_for_memory false, no compression. The keys come one per line as hex (an empty line
// is the empty key), in bytewise order; every value is "v". Prints the library's version.
//
// usage: write_bloom_sst OUT.sst BITS_PER_KEY KEYS.hex
#include <rocksdb/filter_policy.h>
#include <rocksdb/options.h>
#include <rocksdb/sst_file_writer.h>
#include <rocksdb/table.h>
#include <rocksdb/version.h>

#include <fstream>
#include <iostream>
#include <string>

int main(int argc, char** argv) {
  if (argc != 4) {
    std::cerr << "usage: write_bloom_sst OUT.sst BITS_PER_KEY KEYS.hex\n";
    return 2;
  }
  rocksdb::BlockBasedTableOptions table;
  table.format_version = 5;
  table.optimize_filters_for_memory = false;
  table.filter_policy.reset(rocksdb::NewBloomFilterPolicy(std::stod(argv[2])));
  rocksdb::Options options;
  options.compression = rocksdb::kNoCompression;
  options.table_factory.reset(rocksdb::NewBlockBasedTableFactory(table));
  rocksdb::SstFileWriter writer(rocksdb::EnvOptions(), options);
  rocksdb::Status s = writer.Open(argv[1]);
  std::ifstream in(argv[3]);
  std::string line;
  while (s.ok() && std::getline(in, line)) {
    std::string key;
    for (size_t i = 0; i + 1 < line.size(); i += 2) {
      key.push_back(static_cast<char>(std::stoi(line.substr(i, 2), nullptr, 16)));
    }
    s = writer.Put(key, "v");
  }
  if (s.ok()) {
    s = writer.Finish();
  }
  if (!s.ok()) {
    std::cerr << s.ToString() << "\n";
    return 1;
  }
  std::cout << ROCKSDB_MAJOR << "." << ROCKSDB_MINOR << "." << ROCKSDB_PATCH << "\n";
  return 0;
}
